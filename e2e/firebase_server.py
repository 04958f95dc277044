"""A server for the Firebase end-to-end tests, and the two real clients pointed at it as their emulator settings
point them: firebase-client-sdk (`connect_emulator` for Auth and Storage, a registered app's access key as the web
API key) and firebase-admin (`FIREBASE_AUTH_EMULATOR_HOST`, `STORAGE_EMULATOR_HOST`, and credentials that send the
server's admin token).

Unlike the Firebase Emulator Suite, ImageFeed checks what it is sent: the web API key must be a registered app's,
admin calls need the token the server was started with (`--firebase-admin-token owner`, which is what
firebase-admin's emulator mode sends for Auth), and Storage's GCS API is the admin's too.
"""

import contextlib
import os
import time
import uuid
from dataclasses import dataclass

import firebase_admin
import firebase_client
import google.oauth2.credentials
import pytest
import requests
from firebase_admin import credentials

import harness
from harness import Cli

PROJECT = "imagefeed-e2e"
BUCKET = f"{PROJECT}.appspot.com"
ADMIN_TOKEN = "owner"


@dataclass(frozen=True)
class FirebaseServer:
    base: str
    host: str
    port: int
    api_key: str
    data: str
    workdir: str

    def cli(self, *args: str) -> str:
        """Runs an `imagefeed` subcommand on the server's library."""
        return Cli(self.data, cwd=self.workdir).run(*args)


@contextlib.contextmanager
def firebase_server(*options: str):
    """An ImageFeed server with Firebase set up as a project would be: project `imagefeed-e2e`, the admin token
    `owner` accepted from this machine, and the app's own web API key registered as an app's access key
    (`imagefeed apps create --access-key`)."""
    served = harness.Server(arguments=["--firebase-project", PROJECT, "--firebase-admin-token", ADMIN_TOKEN, *options],
                            name="firebase server")
    try:
        # The app keeps the web API key it was built with: it is registered as the access key of an app here.
        api_key = "AIzaSyE2E-" + uuid.uuid4().hex
        Cli(served.data, cwd=served.folder).run("apps", "create", "--name", "iWall", "--redirect-uri",
                                                "urn:ietf:wg:oauth:2.0:oob", "--access-key", api_key)
        served.start()
        yield FirebaseServer(base=served.base, host=served.host, port=served.port, api_key=api_key,
                             data=str(served.data), workdir=str(served.folder))
    finally:
        served.close()


def client_app(server: FirebaseServer) -> firebase_client.FirebaseApp:
    """A firebase-client-sdk app of the project, its Auth and Storage pointed at the server, as an app's code does
    it with `connect_emulator`."""
    app = firebase_client.initialize_app(
        {"apiKey": server.api_key, "authDomain": f"{PROJECT}.firebaseapp.com", "projectId": PROJECT,
         "storageBucket": BUCKET, "databaseURL": f"https://{PROJECT}-default-rtdb.firebaseio.com"},
        name=f"client-{uuid.uuid4()}")
    firebase_client.get_auth(app).connect_emulator(server.host, server.port)
    firebase_client.get_storage(app).connect_emulator(server.host, server.port)
    return app


class AdminTokenCredential(credentials.Base):
    """firebase-admin credentials whose Google credential sends the server's admin token as its bearer token:
    google-cloud-storage then calls `/storage/v1` with `Authorization: Bearer owner` (with
    `google.auth.credentials.AnonymousCredentials`, as the Storage emulator's docs suggest, it sends none, and
    ImageFeed refuses GCS calls without the admin token). Auth's emulator mode sends `Bearer owner` by itself."""

    def get_credential(self):
        return google.oauth2.credentials.Credentials(token=ADMIN_TOKEN)


def admin_app(server: FirebaseServer) -> firebase_admin.App:
    """A firebase-admin app pointed at the server by the emulator variables, as an admin script sets them."""
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = f"{server.host}:{server.port}"
    os.environ["STORAGE_EMULATOR_HOST"] = f"http://{server.host}:{server.port}"
    return firebase_admin.initialize_app(
        AdminTokenCredential(), {"projectId": PROJECT, "storageBucket": BUCKET}, name=f"admin-{uuid.uuid4()}")


def answers(base: str) -> bool:
    """Whether the database listener at `base` answers at all (any status)."""
    try:
        requests.get(f"{base}/.json", timeout=1)
        return True
    except requests.ConnectionError:
        return False


def wait_until(condition, what: str, seconds: float = 20):
    """Polls `condition` until it holds (bounded), failing with `what` when it never does."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting until {what}")
        time.sleep(0.05)
