"""validate(), certificate(), verify() and path() against the CLI's validate and verify: a
certificate written in Python is accepted by `catacomb verify`, one written by `catacomb validate
--certificate` is accepted by catacomb.verify, and a tampered one is rejected by both."""
import json

import numpy as np
import pytest

import catacomb
from conftest import run_cli


@pytest.mark.parametrize("seed,params", [(11, {"locks": 2}), (12, {"locks": 3, "key_rule": "consumable"}),
                                         (13, {"generator": "caves", "locks": 1}), (14, {})])
def test_certificates_verify_both_ways(tmp_path, seed, params):
    d = catacomb.generate(seed, **params)
    (tmp_path / "d.json").write_text(d.to_json())
    (tmp_path / "py.cert").write_text(d.certificate())
    assert "accepted" in run_cli("verify", tmp_path / "d.json", tmp_path / "py.cert").stdout
    run_cli("validate", tmp_path / "d.json", "--certificate", tmp_path / "cli.cert")
    cli_cert = (tmp_path / "cli.cert").read_text()
    assert cli_cert == d.certificate()
    verdict = catacomb.verify(catacomb.load(tmp_path / "d.json"), cli_cert)
    assert verdict.accepted and verdict.step == 0 and "steps" in verdict.summary

    cert = json.loads(cli_cert)
    cert["steps"][-1]["route"][-1] = cert["steps"][0]["route"][0]  # the last step ends elsewhere
    tampered = json.dumps(cert)
    (tmp_path / "bad.cert").write_text(tampered)
    cli = run_cli("verify", tmp_path / "d.json", tmp_path / "bad.cert", check=False)
    verdict = catacomb.verify(d, tampered)
    assert cli.returncode == 1 and not verdict.accepted
    assert verdict.reason in cli.stdout


def test_a_certificate_proves_an_unlosable_dungeon_and_names_a_state_left_out():
    d = catacomb.generate(12, locks=3, key_rule="consumable", switches=1)
    r = d.validate()
    assert r.unlosable is True
    cert = json.loads(d.certificate())
    states = cert["unlosable"]["list"]
    assert cert["unlosable"]["states"] == len(states) and states[0][6] >= 0
    verdict = catacomb.verify(d, json.dumps(cert))
    assert verdict.accepted and verdict.unlosable and verdict.state == -1
    assert "cannot be lost: %d states" % len(states) in verdict.summary
    # State 0's next move leads nowhere listed once its next state is gone from the list.
    nxt = states[0][6]
    del states[nxt]
    for s in states:
        s[6] = -1 if s[6] == nxt else s[6] - (s[6] > nxt)
    cert["unlosable"]["states"] = len(states)
    verdict = catacomb.verify(d, json.dumps(cert))
    assert not verdict.accepted and not verdict.unlosable and verdict.state >= 0
    assert verdict.reason.startswith("unlosable: state ")


def test_verify_refuses_what_is_not_a_certificate():
    with pytest.raises(ValueError):
        catacomb.verify(catacomb.generate(1), "{}")


def test_report_matches_the_clis(tmp_path):
    d = catacomb.generate(21, locks=2)
    (tmp_path / "d.json").write_text(d.to_json())
    cli = json.loads(run_cli("validate", tmp_path / "d.json", "--json").stdout)
    r = d.validate()
    assert r.valid and r.completable and r.problems == [] and cli["valid"]
    assert len(r.routes) == len(d.objectives) == len(cli["objectives"])
    for route, entry in zip(r.routes, cli["objectives"]):
        assert route.reachable and route.cost == pytest.approx(entry["cost"]) and route.length == entry["length"]
        assert tuple(route.path[0]) == d.find("start") and tuple(route.path[-1]) == (route.objective.x, route.objective.y)
    assert [s.action for s in r.walkthrough][-1] == "reach-exit"
    assert r.walkthrough[-1].at == d.find("exit")
    assert r.metrics["doors_on_critical_path"] == 2


def test_an_invalid_map_reports_its_problems_and_has_no_certificate():
    d = catacomb.generate(2)
    doc = json.loads(d.to_json())
    x, y = d.find("exit")
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        row = doc["tiles"][y + dy]
        doc["tiles"][y + dy] = row[:x + dx] + "#" + row[x + dx + 1:]  # wall the exit in
    walled = catacomb.from_json(json.dumps(doc))
    r = walled.validate()
    assert not r.valid and "unreachable" in [p.kind for p in r.problems]
    with pytest.raises(ValueError, match="a valid map"):
        walled.certificate()


def test_path_is_the_clis(tmp_path):
    d = catacomb.generate(8)
    start, goal = d.find("start"), d.find("exit")
    p = d.path(start, goal)
    assert p.status == "found" and tuple(p.path[0]) == start and tuple(p.path[-1]) == goal
    assert np.abs(np.diff(p.path, axis=0)).max() == 1
    (tmp_path / "d.json").write_text(d.to_json())
    out = run_cli("path", tmp_path / "d.json", "--from", f"{start[0]},{start[1]}", "--to", f"{goal[0]},{goal[1]}").stdout
    assert f"{p.cost:.2f}"[:5] in out or str(len(p.path) - 1) in out
    with pytest.raises(ValueError):
        d.path((-1, 0), goal)


def test_a_dungeon_that_can_be_lost_is_invalid_unless_softlocks_are_allowed(tmp_path):
    # The seed 88: with softlocks allowed, the first valid attempt can be lost (a one-way
    # drop before the key is used up); without, generate retries until it cannot.
    params = dict(generator="caves", lock_layout="cycles", locks=3, one_way=1, switches=2, secret_doors=1,
                  key_rule="consumable")
    risky = catacomb.generate(88, allow_softlocks=True, **params)
    r = risky.validate()
    assert r.completable and not r.valid and r.unlosable is False and r.loss == "losable"
    assert "softlock" in [p.kind for p in r.problems] and r.softlock and r.softlock_states > 0
    allowed = risky.validate(allow_softlocks=True)
    assert allowed.valid and allowed.unlosable is False and allowed.softlock == r.softlock
    (tmp_path / "risky.json").write_text(risky.to_json())
    cli = run_cli("validate", tmp_path / "risky.json", "--json", check=False)
    assert cli.returncode == 1 and json.loads(cli.stdout)["solution"]["unlosable"] is False
    safe = catacomb.generate(88, **params)
    s = safe.validate()
    assert s.valid and s.unlosable is True and s.loss == "unlosable" and s.softlock is None
