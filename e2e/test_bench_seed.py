"""`imagefeed bench seed` (issue 33), on the real binary: the synthetic library the scale benchmarks grow to ten
million photos holds members, likes, albums and places in the proportions its help states, every counter the app
shows agrees with its rows, a library grows in steps to the same rows, and seeding again adds nothing."""

import json
import sqlite3

import pytest

import harness


@pytest.fixture
def library():
    """A fresh data folder and a CLI on it."""
    folder = harness.temporary_folder("imagefeed-seed-")
    try:
        yield folder / "data", harness.Cli(folder / "data", cwd=folder)
    finally:
        harness.remove_folder(folder)


def seed(cli, photos):
    return json.loads(cli.run("bench", "seed", "--photos", str(photos), "--batch", "2000", timeout=600))


def figures(data):
    """What the library's SQLite database holds, and every counter that disagrees with the rows it counts."""
    db = sqlite3.connect(data / "imagefeed.sqlite")
    try:
        one = lambda sql: db.execute(sql).fetchone()[0]  # noqa: E731
        return {
            "photos": one("SELECT COUNT(*) FROM photos"),
            "members": one("SELECT COUNT(*) FROM users WHERE username LIKE 'bench-member-%'"),
            "likes": one("SELECT COUNT(*) FROM likes"),
            "liked share": one("SELECT AVG(likes > 0) FROM photos"),
            "most likes on a photo": one("SELECT MAX(likes) FROM photos"),
            "most likes by a member": one("SELECT MAX(total_likes) FROM users"),
            "albums": one("SELECT COUNT(*) FROM collections"),
            "album photos": one("SELECT COUNT(*) FROM collection_photos"),
            "placed share": one("SELECT AVG(latitude IS NOT NULL) FROM photos"),
            "wrong photo likes": one(
                "SELECT COUNT(*) FROM photos p WHERE likes <> (SELECT COUNT(*) FROM likes l WHERE l.photo_id = p.id)"),
            "wrong member likes": one(
                "SELECT COUNT(*) FROM users u WHERE total_likes <> (SELECT COUNT(*) FROM likes l WHERE l.user_id = u.id)"),
            "wrong member albums": one(
                "SELECT COUNT(*) FROM users u "
                "WHERE total_collections <> (SELECT COUNT(*) FROM collections c WHERE c.user_id = u.id)"),
            "wrong album sizes": one(
                "SELECT COUNT(*) FROM collections c "
                "WHERE total_photos <> (SELECT COUNT(*) FROM collection_photos m WHERE m.collection_id = c.id)"),
            "wrong photographer counts": one(
                "SELECT COUNT(*) FROM users u "
                "WHERE total_photos <> (SELECT COUNT(*) FROM photos p WHERE p.user_id = u.id)"),
        }
    finally:
        db.close()


def consistent(f):
    return {key: value for key, value in f.items() if key.startswith("wrong") and value != 0} == {}


def test_a_seeded_library_has_its_community_in_proportion_and_counters_that_agree(library):
    data, cli = library

    # act
    report = seed(cli, 5000)

    # assert: what it says it added is there, in the proportions of its help, and every counter agrees
    f = figures(data)
    assert report["added"] == f["photos"] == 5000
    assert report["members_added"] == f["members"] == 20 + 5000 // 50
    assert report["likes_added"] == f["likes"]
    assert report["albums_added"] == f["albums"] == 5 and f["album photos"] == 5 * 40
    assert 1.0 <= f["likes"] / f["photos"] <= 2.0, f
    assert 0.45 <= f["liked share"] <= 0.55, f
    assert f["most likes on a photo"] >= 20, f"the likes have no heavy tail: {f}"
    assert f["most likes by a member"] >= 10 * f["likes"] / f["members"], f"the likers are not skewed: {f}"
    assert 0.35 <= f["placed share"] <= 0.45, f
    assert consistent(f), f


def test_a_library_grown_in_steps_holds_what_one_seed_makes_and_a_second_seed_adds_nothing(library):
    data, cli = library
    folder = data.parent / "at-once"
    at_once = harness.Cli(folder, cwd=data.parent)

    # act: 3,500 then 4,500 photos (album 3's photos straddle the two), beside 4,500 at once; then 4,500 again
    seed(cli, 3500)
    grown = seed(cli, 4500)
    seed(at_once, 4500)
    again = seed(cli, 4500)

    # assert: the same rows either way; the repeat adds nothing
    stepped, whole = figures(data), figures(folder)
    assert grown["added"] == 1000 and grown["albums_added"] == 1
    assert stepped == whole
    assert consistent(stepped), stepped
    assert (again["added"], again["members_added"], again["likes_added"], again["albums_added"]) == (0, 0, 0, 0)


def test_a_seed_leaves_real_accounts_alone_whatever_their_names(library):
    data, cli = library
    # setup: people signed up with the names a seed once gave its photographers and members
    for name in ("user0", "member0"):
        cli.run("users", "create", "--username", name, "--email", f"{name}@example.com", "--first-name", name,
                "--last-name", "Real", "--password", f"correct-horse-{name}-9!")

    # act
    report = seed(cli, 1000)

    # assert: the seed made its own people, and the real ones own and like nothing
    db = sqlite3.connect(data / "imagefeed.sqlite")
    try:
        real = db.execute(
            "SELECT username, total_photos, total_likes, total_collections FROM users "
            "WHERE username IN ('user0', 'member0') ORDER BY username").fetchall()
    finally:
        db.close()
    assert report["added"] == 1000
    assert real == [("member0", 0, 0, 0), ("user0", 0, 0, 0)]
