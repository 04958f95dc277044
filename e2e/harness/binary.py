"""Which `imagefeed` binary the suites run: IMAGEFEED_BIN, or this checkout's debug build."""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def binary() -> str:
    """The binary's path (IMAGEFEED_BIN, default .build/debug/imagefeed)."""
    return os.path.abspath(os.environ.get("IMAGEFEED_BIN") or str(REPO / ".build" / "debug" / "imagefeed"))


def require_binary() -> str:
    """The binary's path; a clear error when it is missing."""
    path = binary()
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"{path} is missing: build it with `swift build --traits PostgreSQL --product "
                                "imagefeed`, or set IMAGEFEED_BIN")
    return path
