"""The one way the suites and the benchmarks run the `imagefeed` CLI on a library.

    cli = Cli(data)                                      # `--data DATA` on every command
    cli.run("import", folder, "--user", "mate")          # standard output; CliError with everything it printed
    person = cli.create_user("ada", password="…")        # `users create --json`, read as a CreatedUser
    app = cli.create_app("Client", "urn:ietf:wg:oauth:2.0:oob")   # `apps create --json`: its keys
    cli.sources()                                        # `sources list --json`

What scripts read comes from `--json` (snake_case keys, see Sources/imagefeed/JSONOutput.swift), never from the
sentences the commands print for people.
"""

import json
import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .binary import binary as default_binary


class CliError(RuntimeError):
    """A command exited with a non-zero status; the message holds everything it printed."""


@dataclass(frozen=True)
class CreatedUser:
    """`users create --json`."""

    id: str
    username: str
    email: str | None
    password: str
    """The password given to the command (not part of its output)."""


@dataclass(frozen=True)
class CreatedApp:
    """`apps create --json`: the keys, shown this once."""

    id: str
    name: str
    access_key: str
    secret_key: str | None
    """None for a public app."""
    oauth1_secret: str | None
    is_public: bool
    redirect_uris: tuple[str, ...]


class Cli:
    """Runs `imagefeed …` on one library.

    - `data`: the library's folder, passed as `--data`; None to let the environment say (IMAGEFEED_DATA).
    - `cwd`: the working directory (default: the data folder's parent).
    - `environment`: variables added to this process's, or the whole environment with `inherit_environment=False`
      (as on another machine that has only the deployment's settings).
    """

    def __init__(self, data=None, *, cwd=None, environment: Mapping[str, str] = (), inherit_environment=True,
                 binary=None, timeout: float = 300):
        self.data = Path(data) if data is not None else None
        self.cwd = Path(cwd) if cwd is not None else (self.data.parent if self.data is not None else None)
        self.environment, self.inherit_environment = dict(environment), inherit_environment
        self.binary, self.timeout = str(binary or default_binary()), timeout

    def command(self, *arguments: str) -> list[str]:
        library = ["--data", str(self.data)] if self.data is not None else []
        return [self.binary, *map(str, arguments), *library]

    def run(self, *arguments: str, timeout: float | None = None) -> str:
        """Runs one command; its standard output. CliError when it fails."""
        if self.cwd is not None:
            self.cwd.mkdir(parents=True, exist_ok=True)
        environment = {**(os.environ if self.inherit_environment else {}), **self.environment}
        try:
            result = subprocess.run(self.command(*arguments), cwd=self.cwd, env=environment, capture_output=True,
                                    text=True, timeout=timeout or self.timeout, check=False,
                                    stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as error:
            raise CliError(f"imagefeed {' '.join(map(str, arguments[:2]))} did not end within {error.timeout:.0f} s:"
                           f"\n{error.stdout or ''}{error.stderr or ''}") from None
        if result.returncode != 0:
            raise CliError(f"imagefeed {' '.join(map(str, arguments[:2]))} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")
        return result.stdout

    def json(self, *arguments: str, timeout: float | None = None):
        """Runs one command with `--json`; its answer, parsed."""
        printed = self.run(*arguments, "--json", timeout=timeout)
        try:
            return json.loads(printed)
        except ValueError:
            raise CliError(f"imagefeed {' '.join(map(str, arguments[:2]))} --json printed no JSON:\n{printed}") \
                from None

    def create_user(self, username: str, *, password: str, email: str | None = None, first_name: str = "Test",
                    last_name: str = "Person") -> CreatedUser:
        """`users create`: a person who can sign in with `password`."""
        made = self.json("users", "create", "--username", username, "--email", email or f"{username}@example.com",
                         "--first-name", first_name, "--last-name", last_name, "--password", password)
        return CreatedUser(id=made["id"], username=made["username"], email=made.get("email"), password=password)

    def create_app(self, name: str, *redirect_uris: str, public: bool = False, owner: str | None = None) -> CreatedApp:
        """`apps create`: an OAuth app with these redirect URIs."""
        arguments = ["apps", "create", "--name", name]
        arguments += [part for uri in redirect_uris for part in ("--redirect-uri", uri)]
        arguments += ["--public"] if public else []
        arguments += ["--owner", owner] if owner else []
        made = self.json(*arguments)
        return CreatedApp(id=made["id"], name=made["name"], access_key=made["access_key"],
                          secret_key=made.get("secret_key"), oauth1_secret=made.get("oauth1_secret"),
                          is_public=made["is_public"], redirect_uris=tuple(made["redirect_uris"]))

    def sources(self) -> list[dict]:
        """`sources list`: one object per remote source (name, kind, api_url, key_suffix, photo_count, …)."""
        return self.json("sources", "list")
