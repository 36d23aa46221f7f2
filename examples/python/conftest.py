"""pytest fixtures for payments-mock: one sandbox per test session, a fresh workspace for every test.

Standard library only. The sandbox is started with `--port 0 --log json`: its second line on stdout is one JSON
object, `{"msg": "ready", "url": ..., "workspaces": [...], "admin_token": ...}`, which says where it listens.
PAYMENTS_MOCK_COMMAND is how to start it (default: `npx payments-mock`, from a project that installed it).
"""
import json
import os
import shlex
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

COMMAND = shlex.split(os.environ.get("PAYMENTS_MOCK_COMMAND", "npx payments-mock"))


class Workspace:
    """An isolated workspace of the sandbox: its own keys, data, clock and scenario."""

    def __init__(self, url, admin_token, created):
        self.url = url
        self.id = created["workspace"]
        self.secret_key = next(k["key"] for k in created["keys"] if k["kind"] == "secret" and not k["livemode"])
        self._admin_token = admin_token

    def request(self, method, path, params=None, key=None):
        """Calls /v1 with the workspace's test secret key; params are sent as a form. Returns (status, body)."""
        data = urllib.parse.urlencode(params).encode() if params is not None else None
        return _call(method, self.url + path, data, {"Authorization": "Bearer " + (key or self.secret_key)})

    def admin(self, method, path, body=None):
        """Calls this workspace's admin API (`/_mock/workspaces/<id>/clock/advance`, `.../scenario`, ...)."""
        return _admin(self.url, self._admin_token, method, "/_mock/workspaces/" + self.id + path, body)


def _call(method, url, data, headers):
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def _admin(url, token, method, path, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    status, answer = _call(method, url + path, data, headers)
    if status >= 400:
        raise RuntimeError("payments-mock: %s %s answered %d: %s" % (method, path, status, answer))
    return answer


@pytest.fixture(scope="session")
def payments_mock():
    """The sandbox for the whole session: {"url", "admin_token", "ready": the whole ready object}."""
    process = subprocess.Popen(
        COMMAND + ["--port", "0", "--log", "json", "--fixtures", "none"],
        stdout=subprocess.PIPE,
        text=True,
    )
    # A sandbox that never gets ready must not hang the run: stop it after 30 s, which ends its output.
    watchdog = threading.Timer(30, process.kill)
    watchdog.start()
    ready = None
    for line in process.stdout:
        if line.startswith('{"msg":"ready"'):
            ready = json.loads(line)
            break
    watchdog.cancel()
    if ready is None:
        process.kill()
        raise RuntimeError("payments-mock did not start (%s exited with %s)" % (" ".join(COMMAND), process.wait()))
    # Its request log goes on on stdout: keep reading it, or a full pipe would stall the sandbox.
    threading.Thread(target=process.stdout.read, daemon=True).start()
    yield {"url": ready["url"], "admin_token": ready.get("admin_token"), "ready": ready}
    process.terminate()  # SIGTERM: it stops accepting, finishes what it answers, and exits 0
    process.wait(timeout=10)


@pytest.fixture
def workspace(payments_mock):
    """A fresh, empty workspace for one test, dropped after it."""
    url, token = payments_mock["url"], payments_mock["admin_token"]
    ws = Workspace(url, token, _admin(url, token, "POST", "/_mock/workspaces", {}))
    yield ws
    _admin(url, token, "DELETE", "/_mock/workspaces/" + ws.id)
