"""`surround acid800 PATH`: run Altirra's Acid800 hardware test suite and print its verdicts.

The runner is host/atari/acid800.py.  The table lists every test with its verdict and, for a
failing one, the suite's own message; then the totals.  ``--json`` prints the same for scripts.
The exit status is 0 when the suite ran to its end, 1 when it hung or jammed.
"""

from __future__ import annotations

import argparse
import json
import sys

from host.atari.acid800 import FRAME_LIMIT, SuiteRun, TestVerdict, default_suite_path, run_suite


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "acid800",
        help="run the Acid800 hardware test suite and print its verdicts",
        description="Boot Altirra's Acid800 test disk (your copy: acid800.atr) headless, answer its "
        "option menu, read each test's verdict from the screen, print a table and the totals.",
    )
    parser.add_argument("path", nargs="?", default=None,
                        help=f"the suite's disk image (default: {default_suite_path()})")
    parser.add_argument("--os", default="ours", metavar="ours|original|PATH",
                        help="OS ROM: ours (default), original (roms/atarixl.rom) or a 16 KiB image")
    parser.add_argument("--sio", choices=("fast", "serial"), default="fast",
                        help="fast: the emulator answers SIO requests itself (default); serial: over "
                        "POKEY's serial port at the drive's real speed")
    parser.add_argument("--illegal", choices=("on", "off"), default="on",
                        help="the suite's option: test the 6502's undocumented opcodes (default: on)")
    parser.add_argument("--frame-limit", type=int, default=FRAME_LIMIT,
                        help=f"frames a test may run without a verdict before it counts as a hang "
                        f"(default: {FRAME_LIMIT}, 30 emulated seconds)")
    parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    path = args.path or default_suite_path()
    os_rom = None if args.os == "ours" else args.os
    with tqdm(total=58, unit=" tests", desc="Acid800", disable=args.json or not sys.stderr.isatty(),
              leave=False) as bar:
        def progress(verdict: TestVerdict) -> None:
            bar.set_postfix_str(verdict.name)
            bar.update(1)

        result = run_suite(path, os_rom=os_rom, sio=args.sio, illegal=args.illegal == "on",
                           frame_limit=args.frame_limit, progress=progress)
    if args.json:
        print(json.dumps(result.as_json(), indent=2))
    else:
        print(table(result))
    return 0 if result.completed else 1


def table(result: SuiteRun) -> str:
    """One line per test (number, name, verdict, message), then the totals."""
    width = max(len(test.name) for test in result.verdicts)
    lines = [f"{test.number:>2}  {test.name:<{width}}  {test.verdict:<7}  {test.message}".rstrip()
             for test in result.verdicts]
    totals = result.totals()
    summary = ", ".join(f"{count} {kind}" for kind, count in totals.items() if count)
    ending = "the suite did not finish"
    if result.suite_totals is not None:
        passed, failed, skipped = result.suite_totals
        ending = f"the suite ran to its end (its own count: {passed} passed, {failed} failed, {skipped} skipped)"
    lines.append(f"{totals['pass']} passed of {len(result.verdicts)} ({summary}); {ending} "
                 f"after {result.frames} frames")
    return "\n".join(lines)
