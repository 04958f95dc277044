"""`imagefeed bench seed` (issue 33), on the real binary: the synthetic library the scale benchmarks grow to ten
million photos holds members, likes, albums and places in the proportions its help states, every counter the app
shows agrees with its rows, a library grows in steps to the same rows, and seeding again adds nothing."""

import json
import sqlite3

import pytest

import harness
from conftest import NATURE_FILES, WALLPAPERS


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


def synthetic_rows(data):
    """The seed's own photos (ids) and albums (title and photo ids), whatever else the library holds."""
    db = sqlite3.connect(data / "imagefeed.sqlite")
    try:
        photos = {row[0] for row in db.execute(
            "SELECT p.id FROM photos p JOIN users u ON u.id = p.user_id WHERE u.username LIKE 'bench-owner-%'")}
        albums = {}
        for title, photo in db.execute(
                "SELECT c.title, m.photo_id FROM collections c JOIN collection_photos m ON m.collection_id = c.id"):
            albums.setdefault(title, set()).add(photo)
        return photos, albums
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


def test_photos_imported_between_two_seeds_count_towards_the_size_and_leave_no_gap(library):
    data, cli = library
    folder = data.parent / "at-once"
    at_once = harness.Cli(folder, cwd=data.parent)

    # act: 3,500 photos, three real photos imported, then grown to 4,500 (album 3 straddles the two seeds); beside it
    # one seed of the 4,497 synthetic photos that makes
    seed(cli, 3500)
    cli.run("import", *(str(WALLPAPERS / name) for name in NATURE_FILES), "--user", "photographer")
    grown = seed(cli, 4500)
    seed(at_once, 4497)

    # assert: the size asked for, counting the real photos; the seed's photos and albums are those of one seed (none
    # skipped, no album reaching for a photo never written), and every counter agrees
    f = figures(data)
    assert grown["photos"] == f["photos"] == 4500 and grown["added"] == 997
    assert synthetic_rows(data) == synthetic_rows(folder)
    assert consistent(f), f


def test_a_library_seeded_by_an_older_imagefeed_is_refused_with_what_to_do(library):
    data, cli = library
    # setup: a seeded library whose synthetic photos belong to another owner, as an older imagefeed's did
    seed(cli, 1000)
    db = sqlite3.connect(data / "imagefeed.sqlite")
    try:
        with db:
            db.execute("UPDATE users SET total_photos = 0 WHERE username LIKE 'bench-owner-%'")
    finally:
        db.close()

    # act
    with pytest.raises(harness.CliError) as refused:
        seed(cli, 2000)

    # assert: refused with the way out, nothing added
    assert "seeded by an older imagefeed" in str(refused.value) and "seed a new library" in str(refused.value)
    assert figures(data)["photos"] == 1000
