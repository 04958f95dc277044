"""The end-to-end harness: one `imagefeed serve` launcher and one CLI runner for e2e/, e2e/web/, e2e/cluster/ and
bench/ (Python's standard library only, so the benchmarks' plain python3 can import it too).

- `Server` (server.py): a free port, a temporary folder of its own unless given one, ready once its own process
  listens and answers; stopped with SIGTERM then SIGKILL, its folder removed.
- `Cli` (cli.py): `imagefeed …` on a library; what scripts read comes from `--json`.
- cleanup.py: everything started or made here is stopped and removed at the latest when the interpreter exits,
  also after SIGTERM.
- plugin.py: the pytest side (logs of running servers in failed tests' reports, a session that leaks fails).
"""

from .binary import REPO, binary, require_binary
from .cleanup import exit_on_termination_signals, remove_folder, temporary_folder
from .cli import Cli, CliError, CreatedApp, CreatedUser
from .ports import free_port
from .server import Server, ServerError

__all__ = ["REPO", "binary", "require_binary", "exit_on_termination_signals", "remove_folder", "temporary_folder",
           "Cli", "CliError", "CreatedApp", "CreatedUser", "free_port", "Server", "ServerError"]
