"""Tests of a Python client's view of payments-mock, each in a workspace of its own (conftest.py)."""


def test_creates_retrieves_and_refunds_a_payment(workspace):
    status, payment = workspace.request("POST", "/v1/payments", {"amount": 2000, "currency": "usd", "metadata[order]": "42"})
    assert (status, payment["status"]) == (200, "requires_confirmation")

    # Under the default scenario (happy) the sandbox confirms it right after creating it.
    status, same = workspace.request("GET", "/v1/payments/" + payment["id"])
    assert (status, same["status"], same["amount_received"]) == (200, "succeeded", 2000)
    assert same["metadata"] == {"order": "42"}

    status, refund = workspace.request("POST", "/v1/payments/" + payment["id"] + "/refund", {"amount": 500})
    assert (status, refund.get("amount"), refund.get("status")) == (200, 500, "succeeded"), refund


def test_every_test_starts_with_an_empty_workspace(workspace):
    status, page = workspace.request("GET", "/v1/payments")
    assert (status, page["data"]) == (200, [])


def test_refuses_a_bad_request_with_a_json_error_that_names_the_parameter(workspace):
    status, answer = workspace.request("POST", "/v1/payments", {"amount": 2000, "currency": "usd", "amout": 1})
    assert status == 400
    assert answer["error"]["param"] == "amout"


def test_the_workspace_clock_moves_on_request(workspace):
    before = workspace.admin("GET", "/clock")["now"]
    after = workspace.admin("POST", "/clock/advance", {"by": "25h"})["now"]
    assert after - before >= 25 * 3600
