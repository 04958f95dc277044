"""Starts the real `imagefeed` server for the end-to-end tests (OAuth, OpenAPI, the Unsplash, Flickr, Pixabay and
JSONPlaceholder client code).

The binary comes from IMAGEFEED_BIN (default .build/debug/imagefeed). The server gets a free port and a temporary
data directory (SQLite). Before it starts, the CLI creates three people (the signed-in test user, a photographer
and a traveller), an OAuth app, a small library of Debian's mate-backgrounds wallpapers (three tagged `nature` owned
by the test user, two tagged `abstract` owned by the photographer), two topics over those tags (`nature`, featured,
and `abstract`, first by position) and the traveller's geotagged series: three more wallpapers, given camera EXIF
and a GPS position here (`with_exif`), two in an album `Porto` and one in an album `Iceland`, tagged by place and
subject but never `nature` or `abstract`. The server is stopped (SIGTERM, then SIGKILL) when the session ends.
"""

import contextlib
import dataclasses
import html
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import requests

REPO = Path(__file__).resolve().parent.parent
BINARY = os.environ.get("IMAGEFEED_BIN", str(REPO / ".build" / "debug" / "imagefeed"))
OOB = "urn:ietf:wg:oauth:2.0:oob"
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_cli(*args: str, data: str, cwd: str) -> str:
    result = subprocess.run(
        [BINARY, *args, "--data", data], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"imagefeed {' '.join(args[:2])} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def create_app(*redirect_uris: str, data: str, cwd: str) -> tuple[str, str, str]:
    """Registers an OAuth app through the CLI; returns its access key, secret key and OAuth 1.0a secret."""
    arguments = [argument for uri in redirect_uris for argument in ("--redirect-uri", uri)]
    printed = run_cli("apps", "create", "--name", "E2E Client", *arguments, data=data, cwd=cwd)
    access_key = re.search(r"^Access key: (\S+)$", printed, re.MULTILINE)
    secret_key = re.search(r"^Secret key: (\S+)$", printed, re.MULTILINE)
    oauth1_secret = re.search(r"^OAuth 1\.0a secret: (\S+)$", printed, re.MULTILINE)
    assert access_key and secret_key and oauth1_secret, f"unexpected `apps create` output:\n{printed}"
    return access_key.group(1), secret_key.group(1), oauth1_secret.group(1)


def png(width: int, height: int, seed: bytes) -> bytes:
    """A small RGB PNG, unique per seed (so that uploading it never collides with another photo)."""
    rows = b"".join(
        b"\x00" + bytes(((x * 4 + seed[y % len(seed)]) % 256, (y * 5) % 256, (x * y + seed[x % len(seed)]) % 256)
                        [channel] for x in range(width) for channel in range(3))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


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


def image_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) of a JPEG, PNG or WebP, read from its header."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        chunk = data[12:16]
        if chunk == b"VP8 ":
            width, height = struct.unpack("<HH", data[26:30])
            return "webp", width & 0x3FFF, height & 0x3FFF
        if chunk == b"VP8L":
            bits = int.from_bytes(data[21:25], "little")
            return "webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if chunk == b"VP8X":
            return "webp", int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    if data[:2] == b"\xff\xd8":
        offset = 2
        while offset + 9 < len(data):
            if data[offset] != 0xFF:
                offset += 1
                continue
            marker = data[offset + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
                offset += 1 if marker == 0xFF else 2
                continue
            length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[offset + 5:offset + 9])
                return "jpeg", width, height
            offset += 2 + length
    raise AssertionError(f"not a JPEG, PNG or WebP image: {data[:16]!r}")


def seed_geotagged(owner: str, data: str, workdir: str) -> tuple[Geotagged, ...]:
    """Writes the geotagged series with its EXIF under WORKDIR/geotagged/ALBUM/ and imports it for `owner`, one
    file at a time (each with its own tags; `--collection-per-folder` files a single file under its folder's
    name)."""
    seeded = []
    for photo in GEOTAGGED:
        source = WALLPAPERS / photo.source
        folder = Path(workdir, "geotagged", photo.album)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / source.name
        segment = exif_segment(taken=photo.taken, latitude=photo.latitude, longitude=photo.longitude, **CAMERA)
        target.write_bytes(with_exif(source.read_bytes(), segment))
        run_cli("import", str(target), "--user", owner, "--tags", ",".join(photo.tags), "--collection-per-folder",
                data=data, cwd=workdir)
        seeded.append(dataclasses.replace(photo, size=target.stat().st_size))
    return tuple(seeded)


@contextlib.contextmanager
def serving(data: str, workdir: str, port: int, *options: str):
    """Runs `imagefeed serve` on 127.0.0.1:port over `data` (with extra `options`) until the block ends; yields the
    base URL once the server answers."""
    log = open(os.path.join(workdir, f"server-{port}.log"), "w")
    environment = dict(os.environ, IMAGEFEED_LOG_LEVEL="warning")
    if "--database-port" not in options:
        # The Realtime Database's default port, 9000, is one for the whole machine: parallel runs would share it.
        options = (*options, "--database-port", str(free_port()))
    process = subprocess.Popen(
        [BINARY, "serve", "--data", data, "--host", "127.0.0.1", "--port", str(port), *options],
        cwd=workdir, stdout=log, stderr=subprocess.STDOUT, env=environment,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # bounded polling until the server answers
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode}: "
                                   + Path(workdir, f"server-{port}.log").read_text())
            try:
                requests.get(f"{base}/no-such-route", timeout=1)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer within 30 seconds")
                time.sleep(0.1)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="session")
def server():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"{BINARY} is missing: build it with `swift build --traits PostgreSQL` or set IMAGEFEED_BIN")
    workdir = tempfile.mkdtemp(prefix="imagefeed-e2e-")
    data = os.path.join(workdir, "data")
    port = free_port()
    callback = f"http://localhost:{port}/cb"
    username, email, password = "e2e_user", "e2e@example.com", "e2e-pass-123!"

    run_cli("users", "create", "--username", username, "--email", email, "--first-name", "Edith",
            "--last-name", "Tester", "--password", password, data=data, cwd=workdir)
    run_cli("users", "create", "--username", Server.artist, "--email", "pablo@example.com", "--first-name", "Pablo",
            "--last-name", "Brush", "--password", "pablo-pass-123!", data=data, cwd=workdir)
    run_cli("import", *(str(WALLPAPERS / name) for name in NATURE_FILES), "--user", username, "--tags", "nature",
            data=data, cwd=workdir)
    run_cli("import", *(str(WALLPAPERS / name) for name in ABSTRACT_FILES), "--user", Server.artist,
            "--tags", "abstract", data=data, cwd=workdir)
    run_cli("topics", "create", "--title", "Nature", "--slug", Server.nature_topic, "--description",
            "Meadows, dunes and rain", "--tags", "nature", "--featured", "--position", "2", data=data, cwd=workdir)
    run_cli("topics", "create", "--title", "Abstract", "--slug", Server.abstract_topic, "--tags", "abstract",
            "--position", "1", data=data, cwd=workdir)
    run_cli("users", "create", "--username", Server.traveller, "--email", "gina@example.com", "--first-name", "Gina",
            "--last-name", "Alves", "--password", "gina-pass-123!", data=data, cwd=workdir)
    geotagged = seed_geotagged(Server.traveller, data, workdir)
    access_key, secret_key, oauth1_secret = create_app(OOB, callback, data=data, cwd=workdir)
    try:
        with serving(data, workdir, port) as base:
            yield Server(base=base, port=port, callback=callback, username=username, email=email,
                         password=password, access_key=access_key, secret_key=secret_key,
                         oauth1_secret=oauth1_secret, geotagged=geotagged)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def strict_server(tmp_path):
    """Another server, over an empty library with one OAuth app, started with `--require-client-id`; yields
    (base URL, the app's access key)."""
    data, workdir = str(tmp_path / "data"), str(tmp_path)
    access_key, _, _ = create_app(OOB, data=data, cwd=workdir)
    with serving(data, workdir, free_port(), "--require-client-id") as base:
        yield base, access_key


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
