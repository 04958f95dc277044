"""Firebase Storage against the real server with the real Python clients, changed only by their emulator settings:
firebase-client-sdk 0.1.0's `/v0` calls (what an app does with a favourite: upload it, read its metadata, hand out
its download URL, list, delete) and firebase-admin 7.7.0's bucket through google-cloud-storage (GCS's JSON API)."""

import uuid

import firebase_admin
import firebase_client
import pytest
import requests
from firebase_admin import storage as admin_storage
from firebase_client import StorageException

from firebase_server import BUCKET, admin_app, client_app, firebase_server


@pytest.fixture(scope="module")
def server():
    with firebase_server() as running:
        yield running


def signed_in_app(server):
    """A client app with a new person signed in, and their uid."""
    app = client_app(server)
    credential = firebase_client.get_auth(app).create_user_with_email_and_password(
        f"st-{uuid.uuid4().hex[:10]}@example.com", "storage-battery-4")
    return app, credential.user.uid


def test_an_app_keeps_a_favourite_reads_it_shares_its_url_lists_and_deletes_it(server):
    # setup: iWall keeps favourites under favs/<uid>/
    app, uid = signed_in_app(server)
    storage = firebase_client.get_storage(app)
    path = f"favs/{uid}/sunset wallpaper.jpg"
    image = bytes(range(256)) * 40

    # act
    storage.upload_bytes(path, image, content_type="image/jpeg")
    metadata = storage.get_metadata_object(path)
    url = storage.get_download_url(path)
    fetched = requests.get(url, timeout=10)  # as any browser would: no credentials, the token is in the URL
    downloaded = storage.get_bytes(path)
    listed = storage.list(f"favs/{uid}/")

    # assert
    assert metadata["size"] == str(len(image))
    assert metadata["contentType"] == "image/jpeg"
    assert metadata["bucket"] == BUCKET
    assert metadata["downloadTokens"]
    assert url.startswith(f"{server.base}/v0/b/{BUCKET}/o/favs%2F{uid}%2Fsunset%20wallpaper.jpg?alt=media&token=")
    assert fetched.status_code == 200
    assert fetched.content == image
    assert downloaded == image
    assert [item.full_path for item in listed.items] == [path]

    # act: un-favouriting deletes the file
    storage.delete_object(path)

    # assert
    assert requests.get(url, timeout=10).status_code in (403, 404)
    assert not storage.list(f"favs/{uid}/").items


def test_a_person_cannot_read_or_write_another_persons_folder(server):
    # setup
    ada_app, ada = signed_in_app(server)
    bob_app, _ = signed_in_app(server)
    firebase_client.get_storage(ada_app).upload_bytes(f"favs/{ada}/a.jpg", b"ada's", content_type="image/jpeg")
    bob = firebase_client.get_storage(bob_app)

    # act and assert
    with pytest.raises(StorageException) as read:
        bob.get_bytes(f"favs/{ada}/a.jpg")
    assert read.value.http_status == 403
    with pytest.raises(StorageException) as write:
        bob.upload_bytes(f"favs/{ada}/b.jpg", b"bob's", content_type="image/jpeg")
    assert write.value.http_status == 403


def test_firebase_admin_uploads_downloads_lists_and_deletes_in_the_bucket(server):
    # setup
    admin = admin_app(server)
    bucket = admin_storage.bucket(app=admin)
    name = f"favourites/{uuid.uuid4().hex}/a.png"
    token = str(uuid.uuid4())

    # act
    blob = bucket.blob(name)
    blob.metadata = {"firebaseStorageDownloadTokens": token}
    blob.upload_from_string(b"\x89PNG admin bytes", content_type="image/png")
    downloaded = bucket.blob(name).download_as_bytes()
    names = [listed.name for listed in bucket.list_blobs(prefix=name.rsplit("/", 1)[0] + "/")]
    public = requests.get(f"{server.base}/v0/b/{BUCKET}/o/{requests.utils.quote(name, safe='')}?alt=media&token={token}",
                          timeout=10)
    bucket.blob(name).delete()

    # assert
    assert downloaded == b"\x89PNG admin bytes"
    assert names == [name]
    assert public.status_code == 200
    assert public.content == b"\x89PNG admin bytes"
    assert list(bucket.list_blobs(prefix=name)) == []
    firebase_admin.delete_app(admin)


def test_an_object_uploaded_through_the_admin_is_read_by_its_owner_through_the_client(server):
    # setup
    app, uid = signed_in_app(server)
    admin = admin_app(server)
    admin_storage.bucket(app=admin).blob(f"favs/{uid}/gift.jpg").upload_from_string(b"a gift", content_type="image/jpeg")

    # act
    storage = firebase_client.get_storage(app)
    metadata = storage.get_metadata_object(f"favs/{uid}/gift.jpg")
    url = storage.get_download_url(f"favs/{uid}/gift.jpg")

    # assert: the first /v0 read gives the object a download token, so its URL works anywhere
    assert metadata["downloadTokens"]
    assert requests.get(url, timeout=10).content == b"a gift"
    firebase_admin.delete_app(admin)
