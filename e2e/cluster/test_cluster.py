"""Many nodes, one library (issue 17): two `imagefeed serve` nodes behind nginx, one PostgreSQL database, one
S3-compatible bucket, each node its own data folder. Everything goes through the balancer, as a client's requests
would; `X-Upstream` (added by the test's nginx.conf only) says which node answered.

Writes made on one node may be read on the other a little later: a node trusts its cached API answers for up to
IMAGEFEED_CACHE_MAX_AGE_MS (500 ms) after another node's write. Reads of another node's write therefore poll, for at
most 15 s, until the write shows; no test asserts how long anything took.
"""

import os
import re
import shutil
import threading
import time
import uuid
from dataclasses import dataclass

import pytest
import requests

import harness

from .conftest import (S3_ENDPOINT, TIMEOUT, WALLPAPERS, Cluster, create_bucket, create_database, image_size, png,
                       sign_up, wait_until)


def other(cluster: Cluster, node):
    (found,) = [candidate for candidate in cluster.nodes if candidate is not node]
    return found


def read_on(cluster: Cluster, node, url: str, session=None, expect: int = 200, until=lambda answer: True,
            seconds: float = 15, **options) -> requests.Response:
    """GET `url` through the balancer until `node` gives an answer with status `expect` for which `until` holds.
    Round robin reaches `node` every other request; answers from the other node must have status `expect` too."""
    client = session or requests
    seen = []

    def answered():
        answer = client.get(url, timeout=TIMEOUT, **options)
        by = cluster.node_of(answer)
        seen.append((by.name, answer.status_code))
        assert answer.status_code == expect, (by.name, answer.status_code, answer.text[:500])
        return [answer] if by is node and until(answer) else None  # in a list: a 4xx answer is falsy

    try:
        return wait_until(answered, seconds, f"node {node.name} to answer {url} as expected")[0]
    except AssertionError as error:
        raise AssertionError(f"{error}; answers (node, status): {seen[-10:]}") from None


def test_signed_up_on_one_node_is_signed_in_on_the_other(cluster):
    # act: sign up through the balancer (a session cookie comes back), then use the cookie on the other node
    person, signed_up = sign_up(cluster.lb, f"traveller_{uuid.uuid4().hex[:8]}")
    signed_up_on = cluster.node_of(signed_up)
    session = person.session()
    me = read_on(cluster, other(cluster, signed_up_on), f"{cluster.lb}/me", session)

    # act: sign out on whichever node takes it
    signed_out = session.post(f"{cluster.lb}/account/logout", headers={"Accept": "application/json"},
                              timeout=TIMEOUT)

    # assert: the other node knew the session; once it is ended on one node, no node accepts it
    assert me.json()["username"] == person.username
    assert signed_out.status_code == 204, signed_out.text
    stale = requests.Session()
    stale.cookies.update(person.cookies)
    for node in cluster.nodes:
        refused = read_on(cluster, node, f"{cluster.lb}/me", stale, expect=401)
        assert refused.json()["errors"], refused.text


def test_a_like_on_one_node_shows_on_the_other(cluster, member, imported):
    # setup
    photo = imported[0]["id"]
    session = member.session()
    before = session.get(f"{cluster.lb}/photos/{photo}", timeout=TIMEOUT).json()
    assert before["liked_by_user"] is False

    # act: like through the balancer; read on the node that did not take the like
    liked = session.post(f"{cluster.lb}/photos/{photo}/like", timeout=TIMEOUT)
    assert liked.status_code == 201, liked.text
    liker = cluster.node_of(liked)
    seen = read_on(cluster, other(cluster, liker), f"{cluster.lb}/photos/{photo}", session,
                   until=lambda answer: answer.json()["liked_by_user"]).json()
    anonymous = read_on(cluster, other(cluster, liker), f"{cluster.lb}/photos/{photo}",
                        until=lambda answer: answer.json()["likes"] == before["likes"] + 1).json()

    # act: unlike through the balancer; read on the node that did not take the unlike
    unliked = session.delete(f"{cluster.lb}/photos/{photo}/like", timeout=TIMEOUT)
    assert unliked.status_code == 200, unliked.text
    back = read_on(cluster, other(cluster, cluster.node_of(unliked)), f"{cluster.lb}/photos/{photo}", session,
                   until=lambda answer: not answer.json()["liked_by_user"]).json()

    # assert
    assert seen["likes"] == before["likes"] + 1 and seen["liked_by_user"] is True
    assert anonymous["liked_by_user"] is False
    assert back["likes"] == before["likes"] and back["liked_by_user"] is False


def test_an_upload_on_one_node_is_served_in_every_size_by_the_other(cluster, member):
    # setup: a real photo (1920 × 1280 JPEG), with bytes after its end that make it a file new to the library
    original = (WALLPAPERS / "nature" / "Storm.jpg").read_bytes() + uuid.uuid4().bytes
    _, width, height = image_size(original)

    # act: upload through the balancer (streamed to the node, see deploy/nginx/imagefeed.conf)
    uploaded = member.session().post(f"{cluster.lb}/photos", data={"title": "Storm over the cluster"},
                                     files={"file": ("Storm.jpg", original, "image/jpeg")}, timeout=TIMEOUT)
    assert uploaded.status_code == 201, uploaded.text
    photo = uploaded.json()
    uploader = cluster.node_of(uploaded)
    renderer = other(cluster, uploader)

    # act: every feed size, a custom width and a WebP, from the node that did not take the upload (made there
    # from the original in the bucket, or fetched from the bucket when the other node made it first)
    renditions = {}
    for size in ("thumb", "small", "regular"):
        renditions[size] = read_on(cluster, renderer, photo["urls"][size])
    renditions["w=123"] = read_on(cluster, renderer, f"{cluster.lb}/img/{photo['id']}?w=123")
    renditions["w=123&fm=webp"] = read_on(cluster, renderer, f"{cluster.lb}/img/{photo['id']}?w=123&fm=webp")
    record = read_on(cluster, renderer, f"{cluster.lb}/photos/{photo['id']}").json()

    # assert: the URLs name the balancer (the node built them from the Host nginx passed on), and each answer is
    # an image of the asked width and the photo's proportions, in the format its Content-Type says
    assert all(url.startswith(f"{cluster.lb}/img/{photo['id']}") for url in photo["urls"].values()), photo["urls"]
    expected = {"thumb": ("jpeg", 200), "small": ("jpeg", 400), "regular": ("jpeg", 1080),
                "w=123": (None, 123), "w=123&fm=webp": ("webp", 123)}
    for name, answer in renditions.items():
        kind, got_width, got_height = image_size(answer.content)
        want_kind, want_width = expected[name]
        assert answer.headers["Content-Type"] == f"image/{kind}", (name, answer.headers["Content-Type"], kind)
        assert kind == (want_kind or kind) and kind in ("jpeg", "webp"), (name, kind)
        assert got_width == want_width, (name, got_width)
        assert abs(got_height - round(want_width * height / width)) <= 1, (name, got_width, got_height)
    assert (record["width"], record["height"], record["user"]["username"]) == (width, height, member.username)

    # assert: the upload streamed through nginx (no copy in its temporary files, which it logs as a warning)
    assert "buffered to a temporary file" not in (cluster.nginx_folder / "error.log").read_text()

    # assert: nginx's id for the request came back, and is on the uploading node's log line and in nginx's log
    request_id = uploaded.headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id), request_id
    wait_until(lambda: request_id in uploader.log.read_text()
               and request_id in (cluster.nginx_folder / "access.log").read_text(), 15, "the request id in both logs")


def test_photos_imported_from_another_machine_are_served_by_every_node(cluster, imported):
    # act: the import ran with the nodes' database and storage settings, in a data folder of its own
    answers = [(node, photo, read_on(cluster, node, photo["urls"]["small"])) for node in cluster.nodes
               for photo in imported]

    # assert: every node renders every imported photo from the bucket
    for node, photo, answer in answers:
        assert image_size(answer.content)[:2] == ("jpeg", 400), (node.name, photo["id"])


RATE_LIMIT = 4
"""API requests per client per hour on the rate-limited nodes."""
FLUSH_GAP = 1.1
"""Seconds between the rate-limit test's requests: more than the nodes' 1 s flush interval."""


@pytest.fixture
def limited(library):
    """Two more nodes over the same database and bucket, with IMAGEFEED_RATE_LIMIT=4, behind their own nginx."""
    cluster = Cluster(library.folder / f"limited-{uuid.uuid4().hex[:6]}",
                      {**library.settings, "IMAGEFEED_RATE_LIMIT": str(RATE_LIMIT)})
    try:
        yield cluster.start()
    finally:
        cluster.stop()


def test_the_rate_limit_holds_across_nodes(limited, library):
    """Each node counts hits in memory and, when a hit comes at least 1 s after its last flush, adds its count to
    the database and reads the total back before answering. Requests sent one at a time, each more than 1 s after
    the previous answer, make every hit on every node such a flush: each answer then counts every earlier request
    on every node, and the bound is exact — RATE_LIMIT requests accepted, not one more, with X-Ratelimit-Remaining
    counting down across the nodes. (Unpaced, a client could get up to about one flush interval's worth of extra
    requests per node past the limit: the bound the server documents, not asserted here.) Should the hour's window
    turn during the run, the count starts again, so the run is made again with a new key."""
    for _ in range(2):
        # setup: an app of its own, so that its key (its Client-ID) is the only client of its counter
        key = library.create_app(f"Rate limit {uuid.uuid4().hex[:6]}")
        window = int(time.time()) // 3600
        answers = []

        # act: requests one at a time until both nodes have refused one
        while len(answers) < RATE_LIMIT + 8:
            if answers:
                time.sleep(FLUSH_GAP)
            answer = requests.get(f"{limited.lb}/photos", params={"per_page": 1}, timeout=TIMEOUT,
                                  headers={"Authorization": f"Client-ID {key}"})
            answers.append((limited.node_of(answer).name, answer.status_code, answer.headers))
            if {name for name, status, _ in answers if status == 429} == {node.name for node in limited.nodes}:
                break
        if int(time.time()) // 3600 == window:
            break

    summary = [(name, status, headers.get("X-Ratelimit-Remaining")) for name, status, headers in answers]
    print("answers (node, status, X-Ratelimit-Remaining):", summary)

    # assert: exactly RATE_LIMIT accepted, by both nodes, the remaining count going down by one each time whichever
    # node answered; then 429s with Retry-After from both nodes
    nodes = {node.name for node in limited.nodes}
    accepted, refused = answers[:RATE_LIMIT], answers[RATE_LIMIT:]
    assert [status for _, status, _ in answers] == [200] * RATE_LIMIT + [429] * len(refused), summary
    assert [headers["X-Ratelimit-Remaining"] for _, _, headers in answers] == \
        [str(remaining) for remaining in range(RATE_LIMIT - 1, -1, -1)] + ["0"] * len(refused), summary
    assert {name for name, _, _ in accepted} == nodes and {name for name, _, _ in refused} == nodes, summary
    assert all(headers["X-Ratelimit-Limit"] == str(RATE_LIMIT) for _, _, headers in answers)
    assert all(int(headers["Retry-After"]) > 0 for _, _, headers in refused)


@dataclass(frozen=True)
class Outcome:
    """One write sent during the load."""

    kind: str
    """upload, like or add (to the album)."""
    photo: str
    """The photo uploaded (its id once acknowledged), liked or added."""
    status: int | None
    """The balancer's answer, or None when it gave none."""
    node: str | None
    """The node that answered last (X-Upstream)."""
    after_kill: bool
    """Sent after the killed node had died."""

    @property
    def acknowledged(self) -> bool:
        return self.status in (200, 201)


def test_kill_9_loses_no_acknowledged_write_and_the_balancer_keeps_answering(cluster, member):
    """Three clients upload, like and add to an album through the balancer; one node is killed with SIGKILL in the
    middle. nginx sends a request that could not reach the dead node (connection refused) to the survivor, whatever
    its method; a POST that had reached the node when it died is never resent (nginx's default), so its client gets
    a 502 and the write is unacknowledged (perhaps done, never done twice). Afterwards every write that got a 2xx
    must be there, read through the survivor, and the balancer must answer everything from the survivor. Then the
    killed node comes back, as Restart=on-failure brings it back, and serves the library again."""
    # setup: an album to add to, three clients signed in as the same person
    victim, survivor = cluster.nodes
    owner = member.session()
    album = owner.post(f"{cluster.lb}/collections", json={"title": f"Load {uuid.uuid4().hex[:6]}"}, timeout=TIMEOUT)
    assert album.status_code == 201, album.text
    album_id = album.json()["id"]
    run = uuid.uuid4().hex[:6]
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    stop, dead = threading.Event(), threading.Event()

    def send(kind, photo, request):
        after_kill = dead.is_set()
        try:
            answer = request()
            status, node = answer.status_code, cluster.node_of(answer).name
        except requests.RequestException as error:
            answer, status, node = None, None, repr(error)
        if status in (200, 201) and kind == "upload":
            photo = answer.json()["id"]
        with lock:
            outcomes.append(Outcome(kind, photo, status, node, after_kill))
        return answer if status in (200, 201) else None

    def client(number):
        session = member.session()
        sequence = 0
        while not stop.is_set():
            sequence += 1
            name = f"load-{run}-{number}-{sequence}"
            image = png(48, 32, name.encode())  # unique bytes: never a duplicate of another upload
            uploaded = send("upload", name, lambda: session.post(
                f"{cluster.lb}/photos", data={"title": name}, files={"file": (f"{name}.png", image, "image/png")},
                timeout=TIMEOUT))
            if uploaded is None:
                continue
            photo = uploaded.json()["id"]
            send("like", photo, lambda: session.post(f"{cluster.lb}/photos/{photo}/like", timeout=TIMEOUT))
            send("add", photo, lambda: session.post(f"{cluster.lb}/collections/{album_id}/add",
                                                    json={"photo_id": photo}, timeout=TIMEOUT))

    def acknowledged(**conditions) -> list[Outcome]:
        with lock:
            return [outcome for outcome in outcomes if outcome.acknowledged
                    and all(getattr(outcome, name) == value for name, value in conditions.items())]

    clients = [threading.Thread(target=client, args=(number,), daemon=True) for number in range(3)]
    for thread in clients:
        thread.start()
    try:
        # act: once each node has acknowledged a few uploads, kill one; go on until the survivor has taken more
        wait_until(lambda: all(len(acknowledged(node=node.name, kind="upload")) >= 3 for node in cluster.nodes), 120,
                   "uploads acknowledged by both nodes")
        cluster.kill(victim)
        dead.set()
        wait_until(lambda: len(acknowledged(after_kill=True)) >= 9, 120, "writes acknowledged after the kill")
    finally:
        stop.set()
        for thread in clients:
            thread.join(timeout=2 * TIMEOUT)

    print(f"{len(outcomes)} writes: {len(acknowledged())} acknowledged ({len(acknowledged(node=victim.name))} by the "
          f"killed node, {len(acknowledged(after_kill=True))} after the kill); "
          f"{[(o.kind, o.status, o.node, o.after_kill) for o in outcomes if not o.acknowledged]} not")

    # assert: nginx answered every request; only requests on the dead node when it died failed, with a 502
    assert all(outcome.status is not None for outcome in outcomes), [o for o in outcomes if o.status is None]
    failed = [outcome for outcome in outcomes if not outcome.acknowledged]
    assert all(outcome.status == 502 and outcome.node == victim.name for outcome in failed), failed
    assert all(outcome.node == survivor.name for outcome in acknowledged(after_kill=True))
    assert acknowledged(node=victim.name, kind="upload"), "the killed node acknowledged no upload before it died"

    # assert: every acknowledged write is there, read through the balancer, whose only node is now the survivor:
    # uploads with their original in the bucket (a new rendition is made from it), likes, album additions
    reader = member.session()
    for outcome in acknowledged(kind="upload"):
        rendition = read_on(cluster, survivor, f"{cluster.lb}/img/{outcome.photo}?w=40", reader)
        assert image_size(rendition.content)[1] == 40, outcome
    for outcome in acknowledged(kind="like"):
        read_on(cluster, survivor, f"{cluster.lb}/photos/{outcome.photo}", reader,
                until=lambda answer: answer.json()["liked_by_user"])
    def album():
        photos = set()
        for page in range(1, 50):
            listed = read_on(cluster, survivor, f"{cluster.lb}/collections/{album_id}/photos?per_page=30&page={page}",
                             reader)
            photos |= {photo["id"] for photo in listed.json()}
            if len(listed.json()) < 30:
                return photos

    added = {outcome.photo for outcome in acknowledged(kind="add")}
    wait_until(lambda: added <= album(), 15, "every acknowledged addition in the album")

    # assert: after the load, the balancer answers reads and writes from the survivor
    photo = acknowledged(kind="upload")[-1].photo
    after = [reader.get(f"{cluster.lb}/photos", timeout=TIMEOUT),
             reader.get(f"{cluster.lb}/photos/{photo}", timeout=TIMEOUT),
             reader.post(f"{cluster.lb}/photos/{photo}/like", timeout=TIMEOUT),
             reader.post(f"{cluster.lb}/photos", files={"file": ("after.png", png(40, 30, run.encode()), "image/png")},
                         timeout=TIMEOUT),
             reader.get(f"{cluster.lb}/healthz", timeout=TIMEOUT)]
    assert [(answer.status_code, cluster.node_of(answer).name) for answer in after] == \
        [(200, survivor.name), (200, survivor.name), (201, survivor.name), (201, survivor.name),
         (200, survivor.name)], [(answer.status_code, answer.headers.get("X-Upstream")) for answer in after]

    # act: the node comes back, as systemd's Restart=on-failure brings it back, over the cache the kill left
    cluster.start_node(victim)
    cluster.wait_ready(victim)

    # assert: nginx sends it requests again (after fail_timeout), and it serves what was written while it was down
    # and what it had cached itself before it died
    written_while_down = acknowledged(kind="upload", after_kill=True)[0].photo
    cached_before = acknowledged(kind="upload", node=victim.name)[0].photo
    for photo in (written_while_down, cached_before):
        rendition = read_on(cluster, victim, f"{cluster.lb}/img/{photo}?w=40", reader, seconds=45)
        assert image_size(rendition.content)[1] == 40, photo


def test_a_library_from_one_machine_moves_to_the_cluster(library):
    """The way a library outgrows one machine: a server on SQLite and its data folder (as `make run` leaves it),
    where someone signed up, stayed signed in and liked a photo; the server stopped; `imagefeed storage migrate`
    and `imagefeed database copy` run on that machine; then two nodes behind nginx on the bucket and PostgreSQL.
    Everything is there, the person is still signed in on both nodes, and their password still works."""
    # setup: one machine's library, photos imported, a person signed up with a session, a like
    run = uuid.uuid4().hex[:8]
    folder = library.folder / f"moved-{run}"
    data = folder / "data"
    alone = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder), "IMAGEFEED_DATA": str(data),
             "IMAGEFEED_LOG_LEVEL": "warning"}

    def imagefeed(*arguments, **settings):
        cli = harness.Cli(cwd=folder, environment={**alone, **settings}, inherit_environment=False)
        return cli.run(*arguments)

    folder.mkdir(parents=True)
    imagefeed("users", "create", "--username", "solo", "--email", "solo@example.com", "--first-name", "Sol",
              "--last-name", "Oh", "--password", "solo-pass-123!")
    imagefeed("import", *(str(WALLPAPERS / "nature" / name) for name in ("Storm.jpg", "Dune.jpg")), "--user", "solo")
    # the server alone on that machine, on its data folder
    with harness.Server(folder=folder, data=data, environment=alone, inherit_environment=False, log_level=None,
                        name="single server") as server:
        single = server.base
        person, _ = sign_up(single, f"moving_{run}")
        session = person.session()
        photos = session.get(f"{single}/users/solo/photos", timeout=TIMEOUT).json()
        liked = session.post(f"{single}/photos/{photos[0]['id']}/like", timeout=TIMEOUT)
        assert liked.status_code == 201, liked.text

    # act: move the files to a new bucket and the records to a new database, then start the nodes on them
    bucket = f"imagefeed-moved-{run}"
    create_bucket(bucket)
    database = create_database(f"imagefeed_moved_{run}")
    storage = f"s3://{bucket}/library?endpoint={S3_ENDPOINT}&region=us-east-1&style=path"
    keys = {name: library.settings[name] for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")}
    migrated = imagefeed("storage", "migrate", "--to", storage, **keys)
    copied = imagefeed("database", "copy", "--to", database)
    shutil.rmtree(data)  # the nodes must need nothing of the old machine's folder
    settings = {**library.settings, "IMAGEFEED_DATABASE_URL": database, "IMAGEFEED_STORAGE": storage,
                "IMAGEFEED_RATE_LIMIT": "100000"}
    cluster = Cluster(folder / "cluster", settings)
    try:
        cluster.start()
        moved = person.session()
        listed = [read_on(cluster, node, f"{cluster.lb}/users/solo/photos", moved).json() for node in cluster.nodes]
        me = [read_on(cluster, node, f"{cluster.lb}/me", moved).json() for node in cluster.nodes]
        renditions = [read_on(cluster, node, f"{cluster.lb}/img/{photo['id']}?w=64", moved)
                      for node in cluster.nodes for photo in photos]
        signed_in = requests.post(f"{cluster.lb}/account/login", headers={"Origin": cluster.lb, "Accept":
                                  "application/json"}, data={"login": "solo", "password": "solo-pass-123!"},
                                  timeout=TIMEOUT)
    finally:
        cluster.stop()

    # assert: what the commands said, then the same library on both nodes, from the bucket and PostgreSQL alone
    assert "Every original is in the bucket" in migrated, migrated
    assert "(2 photos, 2 people, 0 albums, 1 like)" in copied, copied
    for answer in listed:
        assert [(photo["id"], photo["width"]) for photo in answer] == [(p["id"], p["width"]) for p in photos]
        assert [photo["liked_by_user"] for photo in answer] == [True, False]
    assert [answer["username"] for answer in me] == [person.username] * 2
    assert all(image_size(answer.content)[1] == 64 for answer in renditions)
    assert signed_in.status_code == 200, signed_in.text


def test_a_firebase_storage_upload_on_one_node_is_downloaded_from_the_other(cluster, library):
    # setup: an app's person signs up through Firebase Auth, through the balancer
    key = library.create_app("Firebase cluster app")
    identity = f"{cluster.lb}/identitytoolkit.googleapis.com/v1"
    signed_up = requests.post(f"{identity}/accounts:signUp?key={key}", timeout=TIMEOUT, json={
        "email": f"fb_{uuid.uuid4().hex[:8]}@example.com", "password": "cluster-battery-5", "returnSecureToken": True})
    assert signed_up.status_code == 200, signed_up.text
    uid, token = signed_up.json()["localId"], signed_up.json()["idToken"]
    auth = {"Authorization": f"Firebase {token}"}
    bucket_path = f"{cluster.lb}/v0/b/imagefeed.appspot.com/o"
    favourite = (WALLPAPERS / "nature" / "Dune.jpg").read_bytes()
    name = f"favs%2F{uid}%2Fdune.jpg"

    # act: a media upload through the balancer, then the bytes from the node that did not take it
    uploaded = requests.post(f"{bucket_path}?uploadType=media&name={name}", data=favourite, timeout=TIMEOUT,
                             headers={**auth, "Content-Type": "image/jpeg"})
    assert uploaded.status_code == 200, uploaded.text
    downloaded = read_on(cluster, other(cluster, cluster.node_of(uploaded)), f"{bucket_path}/{name}?alt=media",
                         headers=auth)
    shared = read_on(cluster, other(cluster, cluster.node_of(uploaded)),
                     f"{bucket_path}/{name}?alt=media&token={uploaded.json()['downloadTokens'].split(',')[0]}")

    # act: a resumable upload whose steps go to both nodes (round robin), chunk by chunk
    big = favourite * 2
    chunk = len(big) // 3 + 1  # three steps: at least one on each node
    start = requests.post(f"{bucket_path}?name=favs%2F{uid}%2Fbig.jpg", json={"contentType": "image/jpeg"},
                          timeout=TIMEOUT, headers={**auth, "X-Goog-Upload-Protocol": "resumable",
                                                    "X-Goog-Upload-Command": "start",
                                                    "X-Goog-Upload-Header-Content-Length": str(len(big))})
    assert start.status_code == 200, start.text
    url = start.headers["X-Goog-Upload-URL"]
    assert url.startswith(cluster.lb), url
    steps = []
    for offset in range(0, len(big), chunk):
        last = offset + chunk >= len(big)
        step = requests.post(url, data=big[offset:offset + chunk], timeout=TIMEOUT, headers={
            "X-Goog-Upload-Command": "upload, finalize" if last else "upload", "X-Goog-Upload-Offset": str(offset)})
        assert step.status_code == 200, step.text
        steps.append(cluster.node_of(step).name)
    resumed = [read_on(cluster, node, f"{bucket_path}/favs%2F{uid}%2Fbig.jpg?alt=media", headers=auth)
               for node in cluster.nodes]

    # assert
    assert downloaded.content == favourite
    assert shared.content == favourite
    assert len(set(steps)) == 2, steps
    assert all(answer.content == big for answer in resumed)
