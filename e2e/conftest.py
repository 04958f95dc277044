"""Starts the real `imagefeed` server for the end-to-end tests (OAuth, OpenAPI, the Unsplash, Flickr, Pixabay and
JSONPlaceholder client code).

The binary comes from IMAGEFEED_BIN (default .build/debug/imagefeed); the server is the harness's (e2e/harness): a
free port and a temporary folder of its own, holding its data directory (SQLite). Before it starts, the CLI creates three people (the signed-in test user, a photographer
and a traveller), an OAuth app, a small library of Debian's mate-backgrounds wallpapers (three tagged `nature` owned
by the test user, two tagged `abstract` owned by the photographer), two topics over those tags (`nature`, featured,
and `abstract`, first by position) and the traveller's geotagged series: three more wallpapers, given camera EXIF
and a GPS position here (`with_exif`), two in an album `Porto` and one in an album `Iceland`, tagged by place and
subject but never `nature` or `abstract`. The server is stopped (SIGTERM, then SIGKILL) when the session ends.
"""

import dataclasses
import html
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import requests

import harness
import harness.plugin
from harness import Cli
from harness.images import image_size, png  # noqa: F401 (the tests import them from here)

OOB = "urn:ietf:wg:oauth:2.0:oob"
CALLBACK = "http://localhost:8000/cb"
"""The e2e app's web redirect URI (nothing listens there: the tests read the redirect's Location)."""
WALLPAPERS = Path("/usr/share/backgrounds/mate")
# Small wallpapers from Debian's mate-backgrounds (no EXIF or GPS that matters): JPEG photos and PNG drawings.
NATURE_FILES = ("nature/Dune.jpg", "nature/GreenMeadow.jpg", "nature/RainDrops.jpg")
ABSTRACT_FILES = ("abstract/Spring.png", "abstract/Silk.png")


@dataclass(frozen=True)
class Geotagged:
    """A photo of the traveller's geotagged series: a mate-backgrounds JPEG whose EXIF is replaced by `with_exif`
    (camera FUJIFILM X-T30, f/5.6, 1/250 s, ISO 200, 23 mm, `taken`, and this GPS position), imported with
    `--tags` and `--collection-per-folder` from a folder named after `album`."""

    source: str
    title: str
    """The title the importer derives from the file name."""
    album: str
    tags: tuple[str, ...]
    latitude: float
    longitude: float
    taken: str
    """EXIF DateTimeOriginal, without a time zone."""
    width: int
    height: int
    size: int = 0
    """Bytes of the file as imported (set when the library is seeded)."""


CAMERA = {"make": "FUJIFILM", "model": "X-T30", "f_number": (56, 10), "exposure": (1, 250), "iso": 200,
          "focal_length": (23, 1)}
# Two photos about 2.4 km apart in Porto, one in Reykjavik; Lisbon (where test_openapi.py uploads) is far from both.
GEOTAGGED = (
    Geotagged("nature/Wood.jpg", "Wood", "Porto", ("porto", "trees"), 41.1407, -8.6110, "2024:05:04 10:15:00",
              2560, 1920),
    Geotagged("nature/LadyBird.jpg", "Lady bird", "Porto", ("porto", "insects"), 41.1579, -8.6291,
              "2024:05:05 16:40:00", 2560, 1600),
    Geotagged("nature/Storm.jpg", "Storm", "Iceland", ("iceland", "clouds"), 64.1466, -21.9426, "2023:10:12 08:05:00",
              1920, 1280),
)


@dataclass(frozen=True)
class Server:
    base: str
    port: int
    callback: str
    username: str
    email: str
    password: str
    access_key: str
    secret_key: str
    oauth1_secret: str
    """The app's OAuth 1.0a consumer secret (the Flickr dialect's; `access_key` is the consumer key)."""
    artist: str = "pablo_brush"
    """The photographer: Pablo Brush, owner of the two `abstract` photos, who never signs in."""
    traveller: str = "gina_alves"
    """Gina Alves, owner of the geotagged series (`geotagged`), who never signs in."""
    geotagged: tuple[Geotagged, ...] = GEOTAGGED
    nature_topic: str = "nature"
    """Slug of the featured topic gathering the photos tagged `nature` (position 2)."""
    abstract_topic: str = "abstract"
    """Slug of the topic gathering the photos tagged `abstract` (position 1, not featured)."""


def pytest_configure(config):
    harness.plugin.register(config)


def _ifd(entries: list[tuple[int, int, int, bytes]], start: int) -> bytes:
    """One little-endian TIFF image file directory at offset `start`: (tag, type, count, value bytes) entries,
    values longer than four bytes stored after the table."""
    data_at = start + 2 + 12 * len(entries) + 4
    table, data = b"", b""
    for tag, kind, count, value in sorted(entries):
        if len(value) <= 4:
            table += struct.pack("<HHI", tag, kind, count) + value.ljust(4, b"\0")
        else:
            table += struct.pack("<HHII", tag, kind, count, data_at + len(data))
            data += value + b"\0" * (len(value) % 2)
    return struct.pack("<H", len(entries)) + table + b"\0\0\0\0" + data


def exif_segment(*, make: str, model: str, taken: str, f_number: tuple[int, int], exposure: tuple[int, int],
                 iso: int, focal_length: tuple[int, int], latitude: float, longitude: float) -> bytes:
    """A JPEG APP1 Exif segment: IFD0 (Make, Model), the Exif IFD (exposure, aperture, ISO, focal length, time
    taken) and the GPS IFD (degrees, minutes, hundredths of seconds)."""
    ascii_, short, long_, rational, undefined, byte = 2, 3, 4, 5, 7, 1

    def text(value: str) -> tuple[int, int, bytes]:
        encoded = value.encode("ascii") + b"\0"
        return ascii_, len(encoded), encoded

    def rationals(*pairs: tuple[int, int]) -> tuple[int, int, bytes]:
        return rational, len(pairs), b"".join(struct.pack("<II", *pair) for pair in pairs)

    def dms(degrees: float) -> tuple[int, int, bytes]:
        whole = abs(degrees)
        minutes = (whole - int(whole)) * 60
        seconds = round((minutes - int(minutes)) * 60 * 100)
        return rationals((int(whole), 1), (int(minutes), 1), (seconds, 100))

    exif_entries = [(0x829A, *rationals(exposure)), (0x829D, *rationals(f_number)),
                    (0x8827, short, 1, struct.pack("<H", iso)), (0x9000, undefined, 4, b"0232"),
                    (0x9003, *text(taken)), (0x920A, *rationals(focal_length))]
    gps_entries = [(0x0000, byte, 4, bytes([2, 3, 0, 0])), (0x0001, *text("N" if latitude >= 0 else "S")),
                   (0x0002, *dms(latitude)), (0x0003, *text("E" if longitude >= 0 else "W")),
                   (0x0004, *dms(longitude))]

    def ifd0(exif_at: int, gps_at: int) -> list[tuple[int, int, int, bytes]]:
        return [(0x010F, *text(make)), (0x0110, *text(model)), (0x8769, long_, 1, struct.pack("<I", exif_at)),
                (0x8825, long_, 1, struct.pack("<I", gps_at))]

    exif_at = 8 + len(_ifd(ifd0(0, 0), 8))
    exif = _ifd(exif_entries, exif_at)
    gps_at = exif_at + len(exif)
    tiff = b"II*\0" + struct.pack("<I", 8) + _ifd(ifd0(exif_at, gps_at), 8) + exif + _ifd(gps_entries, gps_at)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", 2 + len(payload)) + payload


def with_exif(jpeg: bytes, segment: bytes) -> bytes:
    """The JPEG with its Exif, XMP and IPTC segments (APP1, APP13) replaced by `segment`, placed after SOI."""
    assert jpeg[:2] == b"\xff\xd8", "not a JPEG"
    kept, offset = [], 2
    while jpeg[offset] == 0xFF and (0xE0 <= jpeg[offset + 1] <= 0xEF or jpeg[offset + 1] == 0xFE):
        length = struct.unpack(">H", jpeg[offset + 2:offset + 4])[0]
        if jpeg[offset + 1] not in (0xE1, 0xED):
            kept.append(jpeg[offset:offset + 2 + length])
        offset += 2 + length
    return b"\xff\xd8" + segment + b"".join(kept) + jpeg[offset:]


def seed_geotagged(owner: str, cli: Cli, workdir: Path) -> tuple[Geotagged, ...]:
    """Writes the geotagged series with its EXIF under WORKDIR/geotagged/ALBUM/ and imports it for `owner`, one
    file at a time (each with its own tags; `--collection-per-folder` files a single file under its folder's
    name)."""
    seeded = []
    for photo in GEOTAGGED:
        source = WALLPAPERS / photo.source
        folder = workdir / "geotagged" / photo.album
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / source.name
        segment = exif_segment(taken=photo.taken, latitude=photo.latitude, longitude=photo.longitude, **CAMERA)
        target.write_bytes(with_exif(source.read_bytes(), segment))
        cli.run("import", str(target), "--user", owner, "--tags", ",".join(photo.tags), "--collection-per-folder")
        seeded.append(dataclasses.replace(photo, size=target.stat().st_size))
    return tuple(seeded)


@pytest.fixture(scope="session")
def server():
    try:
        harness.require_binary()
    except FileNotFoundError as missing:
        pytest.fail(str(missing))
    # setup: the library, made with the CLI before the server starts
    served = harness.Server(name="e2e server")
    cli = Cli(served.data, cwd=served.folder)
    try:
        username, email, password = "e2e_user", "e2e@example.com", "e2e-pass-123!"
        cli.create_user(username, email=email, first_name="Edith", last_name="Tester", password=password)
        cli.create_user(Server.artist, email="pablo@example.com", first_name="Pablo", last_name="Brush",
                        password="pablo-pass-123!")
        cli.run("import", *(str(WALLPAPERS / name) for name in NATURE_FILES), "--user", username, "--tags", "nature")
        cli.run("import", *(str(WALLPAPERS / name) for name in ABSTRACT_FILES), "--user", Server.artist,
                "--tags", "abstract")
        cli.run("topics", "create", "--title", "Nature", "--slug", Server.nature_topic, "--description",
                "Meadows, dunes and rain", "--tags", "nature", "--featured", "--position", "2")
        cli.run("topics", "create", "--title", "Abstract", "--slug", Server.abstract_topic, "--tags", "abstract",
                "--position", "1")
        cli.create_user(Server.traveller, email="gina@example.com", first_name="Gina", last_name="Alves",
                        password="gina-pass-123!")
        geotagged = seed_geotagged(Server.traveller, cli, served.folder)
        app = cli.create_app("E2E Client", OOB, CALLBACK)
        served.start()
        yield Server(base=served.base, port=served.port, callback=CALLBACK, username=username, email=email,
                     password=password, access_key=app.access_key, secret_key=app.secret_key,
                     oauth1_secret=app.oauth1_secret, geotagged=geotagged)
    finally:
        served.close()


@pytest.fixture
def other_server():
    """`other_server(*serve_options, environment={}) -> (base URL, the access key of its one app)`: another server,
    over an empty library with one OAuth app, stopped and removed after the test."""
    started = []

    def start(*options: str, environment: dict[str, str] | None = None) -> tuple[str, str]:
        served = harness.Server(arguments=options, environment=environment or {}, name="other server")
        started.append(served)
        app = Cli(served.data, cwd=served.folder).create_app("E2E Client", OOB)
        served.start()
        return served.base, app.access_key

    yield start
    for served in started:
        served.close()


@pytest.fixture
def strict_server(other_server):
    """Another server, over an empty library with one OAuth app, started with `--require-client-id`; yields
    (base URL, the app's access key)."""
    return other_server("--require-client-id")


@pytest.fixture(scope="session")
def consent(server):
    """`consent(authorize_url) -> code`: plays the test user in a browser on an authorize URL whose redirect is the
    out-of-band one — sign in, then "Authorise" on the consent page — and reads the code from the
    `/oauth/authorize/native` page, as the iOS apps do."""

    def authorize(authorize_url: str) -> str:
        browser = requests.Session()
        origin = {"Origin": server.base}
        to_login = browser.get(authorize_url, allow_redirects=False)
        assert to_login.status_code == 303, to_login.text
        return_to = parse_qs(urlparse(to_login.headers["Location"]).query)["return_to"][0]
        signed_in = browser.post(f"{server.base}/account/login", headers=origin, allow_redirects=False,
                                 data={"login": server.email, "password": server.password, "return_to": return_to})
        assert signed_in.status_code == 303, signed_in.text
        page = browser.get(server.base + return_to, allow_redirects=False)
        assert page.status_code == 200, page.text
        fields = {html.unescape(name): html.unescape(value) for name, value in
                  re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page.text)}
        native = browser.post(f"{server.base}/oauth/authorize", data={**fields, "decision": "allow"}, headers=origin)
        url = urlparse(native.url)
        assert native.status_code == 200 and url.path == "/oauth/authorize/native", (native.status_code, native.url)
        return parse_qs(url.query)["code"][0]

    return authorize
