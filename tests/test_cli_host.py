"""Smoke tests of the host commands: play, train, check, solve, bench (text and --json)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from host import cli
from host.commands.play import TerminalSession
from host.game.players import PerfectSheep
from host.game.rules import Blacklist


def run_cli(capsys, *argv):
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(capsys, *argv):
    status, out, _ = run_cli(capsys, *argv, "--json")
    return status, json.loads(out)


# --------------------------------------------------------------------------- solve


def test_solve_json(capsys):
    status, data = run_json(capsys, "solve")
    assert status == 0
    assert (data["lost_positions"], data["start_winner"], data["min_sheep_moves"]) == (316, "sheep", 12)


def test_solve_text_with_principal_variation(capsys):
    status, out, _ = run_cli(capsys, "solve", "--pv")
    assert status == 0
    assert "316" in out and "principal variation: 1,2,4-6 " in out and "result: trapped" in out


def test_solve_a_position(capsys):
    status, data = run_json(capsys, "solve", "--position", "6,8,10-11", "--moves-left", "1", "--pv")
    assert status == 0
    assert data["position"]["nr"] == 1310
    assert data["position"]["winner"] == "sheep" and data["position"]["sheep_moves"] == 1
    assert data["principal_variation"] == ["6,8,10-11", "8,9,10-11"]


def test_solve_rejects_a_bad_position(capsys):
    status, _, err = run_cli(capsys, "solve", "--position", "1,1,4-6")
    assert status == 2 and err.startswith("surround: ") and err.count("\n") == 1


# --------------------------------------------------------------------------- check


def test_check_reference_json(capsys):
    status, data = run_json(capsys, "check", "--engine", "reference", "--games", "200",
                            "--sheep", "mix:0.5", "--seed", "1")
    assert status == 0
    assert data["mismatches"] == 0
    for key in ("engine", "games", "wolf_moves", "learned", "sheep_wins", "wolf_wins", "seconds", "games_per_second"):
        assert key in data
    assert data["games"] == 200 and data["sheep_wins"] + data["wolf_wins"] == 200


def test_check_text(capsys):
    status, out, _ = run_cli(capsys, "check", "--games", "20", "--sheep", "random")
    assert status == 0 and "all moves and black lists agree" in out


@pytest.mark.parametrize("spec", ["human", "mix:2", "mix:x", "wolf", "replay:/no/such/file"])
def test_check_rejects_bad_sheep(capsys, spec):
    status, _, err = run_cli(capsys, "check", "--games", "5", "--sheep", spec)
    assert status == 2 and err.startswith("surround: ")


# --------------------------------------------------------------------------- train


def test_train_json(capsys, tmp_path):
    path = tmp_path / "wolf.bl"
    status, data = run_json(capsys, "train", "--games", "300", "--sheep", "mix:0.5", "--seed", "2",
                            "--blacklist", str(path))
    assert status == 0
    for key in ("games", "wolf_wins", "learned", "learned_confirmed_lost", "lost_total", "perfect_wolf_win_rate",
                "blocks"):
        assert key in data
    assert data["learned"] == data["learned_confirmed_lost"] > 0
    assert data["lost_total"] == 316
    assert [(b["first"], b["last"]) for b in data["blocks"]][:2] == [(1, 30), (31, 60)]
    assert len(Blacklist(path.read_bytes())) == data["learned"]
    # a second run continues from the saved black list
    status, again = run_json(capsys, "train", "--games", "10", "--seed", "3", "--blacklist", str(path))
    assert again["learned"] >= data["learned"]


def test_train_text(capsys):
    status, out, _ = run_cli(capsys, "train", "--games", "40", "--sheep", "perfect", "--block", "20")
    assert status == 0 and "1-20" in out and "perfect wolf" in out


# --------------------------------------------------------------------------- bench


def test_bench_json(capsys):
    status, data = run_json(capsys, "bench", "--engine", "reference", "--games", "300")
    assert status == 0
    assert data["games"] == 300 and data["games_per_second"] > 0


def test_bench_emulator_delegates(capsys, monkeypatch):
    import emulator.bench
    from host.atari import acid800
    from host.atari.acid800 import SuiteRun, TestVerdict
    from host.bench import gr7

    def fake_measure(seconds: float, video: str) -> dict:
        return {"seconds": seconds, "speed_vs_real_800xl": 1.0}

    def fake_serial_boot(image: Path) -> dict:
        return {"serial_boot_emulated_seconds": 4.0, "disk_built": Path(image).stat().st_size > 90_000}

    def fake_acid800(path: Path) -> SuiteRun:
        return SuiteRun([TestVerdict(1, "CPU: Flags", "pass"), TestVerdict(2, "CPU: Bugs", "fail", "BRK")], True, 9)

    monkeypatch.setattr(emulator.bench, "measure", fake_measure)
    monkeypatch.setattr(emulator.bench, "measure_serial_boot", fake_serial_boot)
    monkeypatch.setattr(gr7, "measure", lambda video: {"gr7_player_realtime_ratio": 2.0})
    monkeypatch.setattr(acid800, "default_suite_path", lambda: Path(__file__))
    monkeypatch.setattr(acid800, "run_suite", fake_acid800)
    status, data = run_json(capsys, "bench", "--emulator", "--seconds", "0.5")
    assert data.pop("load_average") >= 0
    assert status == 0 and data == {"seconds": 0.5, "speed_vs_real_800xl": 1.0,
                                    "gr7_player_realtime_ratio": 2.0,
                                    "serial_boot_emulated_seconds": 4.0, "disk_built": True,
                                    "acid800_passed": 1, "acid800": {"CPU: Flags": "pass", "CPU: Bugs": "fail"}}


# --------------------------------------------------------------------------- play


def test_play_reprompts_and_quits(capsys, monkeypatch, tmp_path):
    path = tmp_path / "wolf.bl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n3,5\n1,5\n1,3\n3,1\nq\n"))
    status, out, _ = run_cli(capsys, "play", "--engine", "reference", "--seed", "1", "--blacklist", str(path))
    assert status == 0
    assert "01--03----06----09--11" in out and "SS--" in out
    assert "type the move as FROM,TO" in out
    assert "no sheep on point 3" in out
    assert "not joined by a line" in out
    assert "may not move back" in out
    assert "The wolf moves from 6 to" in out
    assert path.stat().st_size == 165


def test_play_ends_at_end_of_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, _ = run_cli(capsys, "play", "--engine", "reference", "--seed", "1")
    assert status == 0 and "Bye." in out


def test_play_bad_blacklist_file(capsys, monkeypatch, tmp_path):
    path = tmp_path / "bad.bl"
    path.write_bytes(b"not a black list")
    status, _, err = run_cli(capsys, "play", "--engine", "reference", "--blacklist", str(path))
    assert status == 2 and "bad.bl" in err and "165 bytes" in err


def test_full_games_with_a_perfect_human(capsys):
    """A scripted 'human' who plays perfectly: the sheep win and the wolf learns."""
    perfect = PerfectSheep(seed=1)
    lines = []

    def read_line(prompt: str) -> str:
        if prompt.startswith("Your move"):
            return "{} {}".format(*perfect.choose(session.engine.game))
        return "" if len([line for line in lines if line.startswith("Game record")]) < 3 else "q"

    session = TerminalSession(seed=2, read_line=read_line, write=lines.append)
    assert session.run() == 0
    text = "\n".join(lines)
    assert session.sheep_wins == 3
    assert text.count("The sheep win!") == 3
    assert "The wolf learns: never again into" in text
    assert "Sheep won 3, wolf won 0" in text


def test_python_dash_m_host():
    completed = subprocess.run(
        [sys.executable, "-m", "host", "solve", "--json"], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0
    assert json.loads(completed.stdout)["lost_positions"] == 316
