"""A client of the Realtime Database's WebSocket protocol, written for the tests from the SDK sources (no real
SDK can run here: see reference/firebase.md §5). It does what firebase-js-sdk does on the wire:

- `realtime/WebSocketConnection.ts`: connects to `/.ws?v=5&ns=…`; `send` splits a message longer than 16,384
  characters into segments after a frame giving their count; `handleIncomingFrame` reads a frame of at most 6
  characters that parses as a number as such a count, and joins the segments that follow; the keep-alive is `0`.
- `realtime/Connection.ts`: every message is `{"t": "d"|"c", "d": …}`; the server's first message is the hello
  (`{"t":"c","d":{"t":"h","d":{ts, v, h, s}}}`); a ping is `{"t":"c","d":{"t":"p","d":{}}}` and its pong `o`.
- `core/PersistentConnection.ts`: requests `{"r": n, "a": action, "b": body}`, answered `{"r": n, "b": {s, d}}`;
  pushes `{"a": action, "b": body}`.
- `core/snap/LeafNode.ts` / `ChildrenNode.ts` `hash()`: the node hash a transaction's put carries.

Every message received is kept in `log`, in order, so a test can check what came before what."""

import base64
import hashlib
import json
import socket
import struct
import time

from websockets.sync.client import connect

MAX_FRAME = 16384


def split_frames(text: str) -> list[str]:
    """`WebSocketConnection.send`: the message, or its segment count then its segments."""
    if len(text) <= MAX_FRAME:
        return [text]
    segments = [text[i:i + MAX_FRAME] for i in range(0, len(text), MAX_FRAME)]
    return [str(len(segments))] + segments


def node_hash(value, priority=None) -> str:
    """The SDKs' node hash of a JSON value without priorities inside (`LeafNode.hash`, `ChildrenNode.hash`):
    SHA-1 over a type-tagged text, base64; "" for null."""
    def number_text(number: float) -> str:
        return "number:" + struct.pack(">d", float(number)).hex()

    def text_of(node) -> str:
        if node is None:
            return ""
        if isinstance(node, bool):
            return "boolean:" + ("true" if node else "false")
        if isinstance(node, (int, float)):
            return number_text(node)
        if isinstance(node, str):
            return "string:" + node
        # Children in priority order: without priorities, by key (integer-like keys first, numerically).
        def key_order(key):
            try:
                as_int = int(key)
                if str(as_int) == key and -2**31 <= as_int < 2**31:
                    return (0, as_int, "")
            except ValueError:
                pass
            return (1, 0, key)
        text = ""
        for key in sorted(node, key=key_order):
            child = node_hash(node[key])
            if child:
                text += ":" + key + ":" + child
        return text

    text = text_of(value)
    if priority is not None and text:
        text = "priority:" + (number_text(priority) if isinstance(priority, (int, float)) else "string:" + priority) \
            + ":" + text
    return base64.b64encode(hashlib.sha1(text.encode()).digest()).decode() if text else ""


class Closed(Exception):
    """The server closed the connection; `reason` is its close frame's."""

    def __init__(self, code, reason):
        super().__init__(f"closed {code}: {reason}")
        self.code = code
        self.reason = reason


class RtdbConnection:
    def __init__(self, port: int, namespace: str, host: str = "127.0.0.1", query: str = ""):
        self.url = f"ws://{host}:{port}/.ws?v=5&ns={namespace}{query}"
        # `connect` is a context manager; the connection lives until `close` or `drop`.
        self.ws = connect(self.url, max_size=None, compression=None, open_timeout=20).__enter__()
        self.log: list[dict] = []
        self.raw_frames: list[str] = []
        self.number = 0
        self.hello = self.receive(30)
        assert self.hello["t"] == "c" and self.hello["d"]["t"] == "h", self.hello

    # Frames

    def send_text(self, text: str):
        self.ws.send(text)

    def send(self, message: dict):
        for frame in split_frames(json.dumps(message, separators=(",", ":"))):
            self.ws.send(frame)

    def receive(self, seconds: float = 30) -> dict:
        """The next message, joined from its frames as `handleIncomingFrame` does."""
        deadline = time.monotonic() + seconds
        frames, expected = [], None
        while True:
            try:
                frame = self.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                raise TimeoutError("no message from the server") from None
            except Exception as error:  # websockets' ConnectionClosed
                rcvd = getattr(error, "rcvd", None)
                raise Closed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "") from None
            self.raw_frames.append(frame)
            if expected is None and len(frame) <= 6:
                try:
                    expected = int(frame)
                    continue
                except ValueError:
                    pass
            frames.append(frame)
            if expected is None or len(frames) == expected:
                message = json.loads("".join(frames))
                self.log.append(message)
                return message

    # Requests

    def request(self, action: str, body: dict, seconds: float = 30) -> dict:
        """Sends a request and returns its answer's body `{s, d}`; pushes that come first stay in `log`."""
        self.number += 1
        number = self.number
        self.send({"t": "d", "d": {"r": number, "a": action, "b": body}})
        deadline = time.monotonic() + seconds
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["t"] == "d" and message["d"].get("r") == number:
                return message["d"]["b"]

    def push(self, action: str, matching=lambda body: True, seconds: float = 30) -> dict:
        """The first push of `action` whose body matches, from the log or arriving next."""
        for message in self.log:
            if message["t"] == "d" and message["d"].get("a") == action and matching(message["d"]["b"]) \
                    and not message.get("_taken"):
                message["_taken"] = True
                return message["d"]["b"]
        deadline = time.monotonic() + seconds
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["t"] == "d" and message["d"].get("a") == action and matching(message["d"]["b"]):
                message["_taken"] = True
                return message["d"]["b"]

    def control(self, kind: str, seconds: float = 30) -> dict:
        """The next control message of `kind` (`o` pong, `r` reset, `s` shutdown, `e` error)."""
        for message in self.log:
            if message["t"] == "c" and message["d"]["t"] == kind:
                return message["d"]
        deadline = time.monotonic() + seconds
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["t"] == "c" and message["d"]["t"] == kind:
                return message["d"]

    def index_of(self, predicate) -> int:
        return next(i for i, message in enumerate(self.log) if predicate(message))

    def close(self):
        self.ws.close()

    def drop(self):
        """Drops the TCP connection without a close frame (a reset, as a phone losing its network looks to a server
        once its keep-alives stop)."""
        self.ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.ws.socket.close()
