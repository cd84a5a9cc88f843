"""The pygame-ce window: the Atari's picture, scaled, with the PC keyboard as the Atari keyboard.

The main loop runs one emulated frame per TV frame (NTSC 59.92 Hz, PAL 49.86 Hz), paced in real time, and
draws each frame scaled into a resizable window.  The frame comes as GTIA's colour bytes
(``frame_colours``) into an 8-bit surface holding the machine's palette, so no RGB picture is
made for the window (``frame_rgb`` stays for screenshots); the pixels are the same.

Picture. The emulator's frame has one column per hi-res pixel (half an NTSC colour clock,
7.16 MHz) and one row per scan line. On an NTSC set such a pixel is 6/7 as wide as it is
tall (a square pixel on NTSC is sampled at 12 3/11 MHz, over two interlaced lines:
12.27 / 7.16 / 2 = 0.857), so `PIXEL_ASPECT` = 6/7. Rows are scaled by a whole number
(3 by default, less if the desktop is small, any size if the user resizes the window);
columns by the same factor times 6/7. The picture is centred in black bars.

Keys (see `KEY_HELP`): printable characters come from the text the PC produces (TEXTINPUT),
so shifted symbols follow the PC's layout; RETURN, BACKSPACE (Atari DELETE), ESC, TAB, the
arrows (Atari CONTROL + - = + *), CAPS LOCK and the function keys come from KEYDOWN.
F2 START, F3 SELECT and F4 OPTION are held as long as the F-key is held; F5 warm reset
(SHIFT+F5 cold start); Pause/Break or F7 BREAK; F10 screenshot PNG; F12 turbo (a tap toggles it, holding it runs
in turbo only while held).

Joystick 0: the numeric keypad (8 2 4 6 and the diagonals 7 9 1 3; 0, 5 or Right Ctrl is
the button), or the arrow keys and Right Ctrl after F11 switches the arrows over from the
cursor keys (F11 again switches back).  Game controllers (pygame's joystick module) are
joysticks 0-3 in the order pygame finds them: the first hat or the first two axes, and any
button.

Paddle 0 follows the mouse across the picture (228 at the left edge, 1 at the right).

Sound: POKEY's samples (emulator/audio.py) go to pygame's mixer, a frame at a time; F9
mutes and unmutes, ``--mute`` starts muted.  Without an audio device the window is silent.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (pygame-ce)

from emulator.errors import EmulatorError  # noqa: E402
from emulator.frontends.common import (  # noqa: E402
    AtariKey,
    ConsoleKeys,
    FrontendOptions,
    KeyFeeder,
    KeyRepeats,
    display_available,
    key_for_char,
    named_key,
    run_one_frame,
)
from emulator.headless import save_png  # noqa: E402
from emulator.interfaces import Atari  # noqa: E402

PIXEL_ASPECT = 6 / 7  # width / height of one frame pixel on an NTSC screen
DEFAULT_ROW_SCALE = 3
TURBO_HOLD_SECONDS = 0.5  # holding F12 longer than this makes turbo last only while held
TURBO_RENDER_RATE = 30.0  # in turbo, frames drawn per second (the rest of the time emulates)
MAX_SKIPPED_FRAMES = 4  # when late, draw at least every fifth frame
SCREENSHOT_FOLDER = "screenshots"
MAX_WAITING_REPEATS = 3  # a held key's repeats join the queue only while fewer keys wait (typed keys always do)

KEY_HELP = """\
  typed characters   the same characters on the Atari (any PC layout)
  Return / Enter     RETURN
  Backspace          DELETE BACK S (with Shift: delete line)
  Delete / Insert    CONTROL+DELETE / CONTROL+INSERT (delete / insert character)
  Esc, Tab           ESC, TAB
  arrow keys         cursor keys (CONTROL + - = + *)
  Home               CLEAR (SHIFT+<)
  Page Up            the inverse-video (Atari logo) key
  Ctrl+key           CONTROL+key (graphics characters)
  Caps Lock          CAPS
  F1                 HELP
  F2 / F3 / F4       START / SELECT / OPTION (held while the F-key is held)
  F5                 RESET (warm start); Shift+F5 cold start
  Pause/Break, F7    BREAK
  F10                screenshot PNG into ./screenshots/
  F12                turbo: tap to toggle, or hold to run in turbo while held
  keypad 8 2 4 6     joystick 0 (7 9 1 3 diagonals; keypad 0 / 5 or Right Ctrl: fire)
  F11                the arrow keys + Right Ctrl become joystick 0 (F11 again: cursor keys)
  F9                 sound on / off (--mute starts with it off)
  mouse (left/right) paddle 0
  close the window   quit"""


# ---------------------------------------------------------------------------------------------
# PC keys -> what they do
# ---------------------------------------------------------------------------------------------

CONSOLE_KEYS = {pygame.K_F2: "start", pygame.K_F3: "select", pygame.K_F4: "option"}
COMMAND_KEYS = {pygame.K_F5: "reset", pygame.K_F10: "screenshot", pygame.K_F12: "turbo",
                pygame.K_F9: "mute", pygame.K_F11: "joystick arrows",
                pygame.K_PAUSE: "break", pygame.K_F7: "break"}
#: joystick 0 from the numeric keypad: key -> (up, down, left, right)
KEYPAD_STICK = {
    pygame.K_KP8: (1, 0, 0, 0), pygame.K_KP2: (0, 1, 0, 0), pygame.K_KP4: (0, 0, 1, 0), pygame.K_KP6: (0, 0, 0, 1),
    pygame.K_KP7: (1, 0, 1, 0), pygame.K_KP9: (1, 0, 0, 1), pygame.K_KP1: (0, 1, 1, 0), pygame.K_KP3: (0, 1, 0, 1),
}
ARROW_STICK = {pygame.K_UP: (1, 0, 0, 0), pygame.K_DOWN: (0, 1, 0, 0), pygame.K_LEFT: (0, 0, 1, 0),
               pygame.K_RIGHT: (0, 0, 0, 1)}
KEYPAD_FIRE = (pygame.K_KP0, pygame.K_KP5, pygame.K_RCTRL)
AUDIO_BUFFER = 1024
MAX_PENDING_FRAMES = 12

# PC keys whose character arrives as TEXTINPUT, so KEYDOWN must not type them a second time.
TEXT_KEY_NAMES = ("space",)


@dataclass(frozen=True)
class KeyAction:
    """What a PC key event asks for: an Atari key press, a console key, or a window command."""

    kind: str  # "atari", "console", "command"
    atari_key: AtariKey | None = None
    name: str = ""  # console key ("start", ...) or command ("reset", "screenshot", "turbo")


def action_for_keydown(key: int, mod: int) -> KeyAction | None:
    """The action for a KEYDOWN of pygame key `key` with modifiers `mod`, or None.

    Printable keys give None here (their character arrives as TEXTINPUT), except with
    CONTROL held (and not AltGr), where the PC sends no text: then CONTROL+that key.
    """
    shift = bool(mod & pygame.KMOD_SHIFT)
    ctrl = bool(mod & pygame.KMOD_CTRL)
    if key in CONSOLE_KEYS:
        return KeyAction("console", name=CONSOLE_KEYS[key])
    if key in COMMAND_KEYS:
        return KeyAction("command", name=COMMAND_KEYS[key])
    name = pygame.key.name(key)
    alt_gr = ctrl and bool(mod & pygame.KMOD_ALT)
    if len(name) > 1 and name not in TEXT_KEY_NAMES:  # "return", "up", "f1" ... (not "a", ";")
        atari_key = named_key(name, shift, ctrl)
        return None if atari_key is None else KeyAction("atari", atari_key)
    if ctrl and not alt_gr and 32 < key < 127:
        plain = key_for_char(chr(key).upper() if chr(key).isalpha() else chr(key))
        if plain is not None:
            return KeyAction("atari", AtariKey(plain.keycode, shift, True))
    return None


def keys_for_text(text: str) -> list[AtariKey]:
    """The Atari key presses that type `text` (a TEXTINPUT event's text); untypeable chars drop."""
    keys = (key_for_char(char) for char in text)
    return [key for key in keys if key is not None]


# ---------------------------------------------------------------------------------------------
# Picture: frame -> surface -> scaled window
# ---------------------------------------------------------------------------------------------


def frame_surface(frame: np.ndarray) -> pygame.Surface:
    """A pygame surface of an (H, W, 3) uint8 RGB frame (sharing its memory; no copy)."""
    height, width, _ = frame.shape
    # .data: the array's own memory as a memoryview (numpy types ndarray as a Buffer only from Python 3.12 on)
    return pygame.image.frombuffer(np.ascontiguousarray(frame, dtype=np.uint8).data, (width, height), "RGB")


def palette_entries(palette: np.ndarray) -> list[tuple[int, int, int]]:
    """A (256, 3) uint8 palette as pygame's set_palette takes it."""
    return [(red, green, blue) for red, green, blue in palette.tolist()]


def scaled_size(frame_size: tuple[int, int], row_scale: float) -> tuple[int, int]:
    """Window pixels for a (W, H) frame with rows scaled by `row_scale`, at the NTSC aspect."""
    width, height = frame_size
    return round(width * row_scale * PIXEL_ASPECT), round(height * row_scale)


def picture_rect(window_size: tuple[int, int], frame_size: tuple[int, int]) -> pygame.Rect:
    """Where the scaled picture goes in the window: the largest whole row scale that fits,
    or the largest fractional one if not even scale 1 fits; centred."""
    window_w, window_h = window_size
    width, height = frame_size
    fit = min(window_h / height, (window_w + 0.5) / (width * PIXEL_ASPECT))  # +0.5: rounded widths
    row_scale = float(int(fit)) if fit >= 1 else fit
    picture_w, picture_h = scaled_size(frame_size, row_scale)
    picture_w, picture_h = max(1, min(picture_w, window_w)), max(1, min(picture_h, window_h))
    return pygame.Rect((window_w - picture_w) // 2, (window_h - picture_h) // 2, picture_w, picture_h)


def default_row_scale(frame_size: tuple[int, int], requested: float | None = None) -> float:
    """The row scale of a new window: `requested`, or 3 shrunk until it fits on the desktop."""
    if requested:
        return float(requested)
    try:
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return float(DEFAULT_ROW_SCALE)
    for scale in range(DEFAULT_ROW_SCALE, 1, -1):
        width, height = scaled_size(frame_size, scale)
        if width <= desktop_w - 40 and height <= desktop_h - 80:
            return float(scale)
    return 1.0


class Renderer:
    """Draws machine frames, scaled, into the pygame display surface."""

    def __init__(self, frame_size: tuple[int, int], row_scale: float, resizable: bool = True) -> None:
        self.frame_size = frame_size
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(scaled_size(frame_size, row_scale), flags)
        self.canvas = pygame.Surface(frame_size, 0, self.screen)
        self.indexed: pygame.Surface | None = None  # 8-bit: the colour bytes, with the palette below
        self.indexed_palette: np.ndarray | None = None
        self.layout()

    def layout(self) -> None:
        """Recompute where the picture goes after the window changed size."""
        screen = pygame.display.get_surface()
        assert screen is not None  # set_mode has opened the window
        self.screen = screen
        self.rect = picture_rect(self.screen.get_size(), self.frame_size)
        self.screen.fill((0, 0, 0))
        self.target = self.screen.subsurface(self.rect)

    def draw(self, frame: np.ndarray) -> None:
        """Draw one (H, W, 3) RGB frame scaled into the window and show it."""
        height, width, _ = frame.shape
        self._show(frame_surface(frame), (width, height))

    def draw_colours(self, colours: np.ndarray, palette: np.ndarray) -> None:
        """Draw one (H, W) frame of GTIA colour bytes, by the (256, 3) ``palette``, scaled
        into the window and show it: the same pixels as ``draw(palette[colours])``."""
        height, width = colours.shape
        self._show(self._indexed_surface(colours, palette), (width, height))

    def _indexed_surface(self, colours: np.ndarray, palette: np.ndarray) -> pygame.Surface:
        """The 8-bit surface holding ``colours``, its palette set when the palette changes."""
        height, width = colours.shape
        surface = self.indexed
        if surface is None or surface.get_size() != (width, height):
            surface = self.indexed = pygame.Surface((width, height), 0, 8)
            self.indexed_palette = None
        if palette is not self.indexed_palette:
            surface.set_palette(palette_entries(palette))
            self.indexed_palette = palette
        pixels = pygame.surfarray.pixels2d(surface)  # (W, H): columns first
        pixels[...] = colours.T
        del pixels  # unlocks the surface for the blit
        return surface

    def _show(self, surface: pygame.Surface, frame_size: tuple[int, int]) -> None:
        """``surface`` (the frame, unscaled) scaled into the window, shown."""
        if frame_size != self.frame_size:
            self.frame_size = frame_size
            self.canvas = pygame.Surface(self.frame_size, 0, self.screen)
            self.layout()
        self.canvas.blit(surface, (0, 0))
        pygame.transform.scale(self.canvas, self.rect.size, self.target)
        pygame.display.flip()


# ---------------------------------------------------------------------------------------------
# Screenshots
# ---------------------------------------------------------------------------------------------


def screenshot(machine: Atari, path: str | os.PathLike[str] | None = None) -> Path:
    """Save the machine's current frame, unscaled, as a PNG; returns the path.

    Without `path` the file goes to ./screenshots/atari-YYYYMMDD-HHMMSS-mmm.png.
    """
    if path is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
        path = Path(SCREENSHOT_FOLDER) / f"atari-{stamp}.png"
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png(np.asarray(machine.frame_rgb(), dtype=np.uint8), path)
    return path


# ---------------------------------------------------------------------------------------------
# The machine's inputs, frame by frame
# ---------------------------------------------------------------------------------------------


@dataclass
class Turbo:
    """F12: a tap toggles turbo; holding it longer than TURBO_HOLD_SECONDS runs turbo only while held."""

    on: bool = False
    pressed_at: float | None = None

    def press(self, now: float) -> None:
        if self.pressed_at is None:  # ignore the PC's key repeat
            self.pressed_at = now
            self.on = not self.on

    def release(self, now: float) -> None:
        if self.pressed_at is not None and now - self.pressed_at > TURBO_HOLD_SECONDS:
            self.on = False
        self.pressed_at = None


# ---------------------------------------------------------------------------------------------
# The window and its main loop
# ---------------------------------------------------------------------------------------------


class JoystickKeys:
    """Joystick 0 from PC keys (keypad, or the arrows in joystick mode) and game controllers."""

    def __init__(self) -> None:
        self.held: set[int] = set()
        self.arrows = False  # F11: the arrow keys are joystick 0
        self.controllers: list[Any] = []
        try:
            pygame.joystick.init()
            self.controllers = [pygame.joystick.Joystick(n) for n in range(min(4, pygame.joystick.get_count()))]
        except pygame.error:
            self.controllers = []

    def claims(self, key: int) -> bool:
        """True if a KEYDOWN/KEYUP of ``key`` belongs to the joystick (not to the keyboard)."""
        return key in KEYPAD_STICK or key in KEYPAD_FIRE or (self.arrows and key in ARROW_STICK)

    def state(self, port: int) -> tuple[bool, bool, bool, bool, bool]:
        """(up, down, left, right, fire) of joystick ``port`` now."""
        directions = [0, 0, 0, 0]
        fire = False
        if port == 0:
            table = {**KEYPAD_STICK, **(ARROW_STICK if self.arrows else {})}
            for key in self.held:
                for index, on in enumerate(table.get(key, (0, 0, 0, 0))):
                    directions[index] |= on
            fire = any(key in self.held for key in KEYPAD_FIRE)
        if port < len(self.controllers):
            pad = self.controllers[port]
            x, y = 0.0, 0.0
            if pad.get_numhats():
                x, y = pad.get_hat(0)
                y = -y
            elif pad.get_numaxes() >= 2:
                x, y = pad.get_axis(0), pad.get_axis(1)
            directions[0] |= y < -0.5
            directions[1] |= y > 0.5
            directions[2] |= x < -0.5
            directions[3] |= x > 0.5
            fire = fire or any(pad.get_button(b) for b in range(pad.get_numbuttons()))
        return (bool(directions[0]), bool(directions[1]), bool(directions[2]), bool(directions[3]), fire)

    def apply(self, machine: Atari) -> None:
        for port in range(max(1, len(self.controllers))):
            up, down, left, right, fire = self.state(port)
            machine.set_joystick(port, up=up, down=down, left=left, right=right, fire=fire)


class AudioPlayer:
    """POKEY's samples to pygame's mixer: a sink of Machine.add_audio_sink."""

    def __init__(self, rate: int, muted: bool = False) -> None:
        self.muted = muted
        self.pending: list[np.ndarray] = []
        try:
            pygame.mixer.init(frequency=rate, size=-16, channels=1, buffer=AUDIO_BUFFER)
            self.channel: pygame.mixer.Channel | None = pygame.mixer.Channel(0)
        except pygame.error:
            self.channel = None  # no audio device: silent

    def __call__(self, samples: np.ndarray) -> None:
        if self.channel is None or self.muted:
            return
        self.pending.append(samples)
        del self.pending[:-MAX_PENDING_FRAMES]  # in turbo the sound would lag: keep the newest
        if self.channel.get_queue() is not None:
            return
        block = np.concatenate(self.pending)
        self.pending = []
        init = pygame.mixer.get_init()
        channels = init[2] if init else 1
        data = np.repeat(block[:, None], channels, axis=1) if channels > 1 else block
        sound = pygame.sndarray.make_sound(np.ascontiguousarray(data))
        if self.channel.get_busy():
            self.channel.queue(sound)
        else:
            self.channel.play(sound)

    def toggle(self) -> None:
        self.muted = not self.muted
        self.pending = []


class AtariWindow:
    """A running machine in a pygame window."""

    def __init__(self, machine: Atari, title: str, row_scale: float | None = None,
                 alert: Callable[[], str] | None = None, muted: bool = False) -> None:
        self.machine = machine
        self.title = title
        self.alert = alert  # asked once a frame: "" or a message to show now (title bar and stderr)
        self.alert_shown = ""
        self.frame_rate = machine.frame_rate
        self.joystick = JoystickKeys()
        self.audio = AudioPlayer(44_100, muted)
        machine.add_audio_sink(self.audio)
        height, width = machine.frame_colours().shape
        frame_size = (width, height)
        self.renderer = Renderer(frame_size, default_row_scale(frame_size, row_scale))
        self.console = ConsoleKeys()
        # the PC repeats a held key faster than the Atari takes keys: keep the backlog short
        self.keys = KeyFeeder(max_repeats=MAX_WAITING_REPEATS)
        self.repeats = KeyRepeats()
        self.turbo = Turbo()
        self.commands_down: set[int] = set()  # F-keys held, so the PC's key repeat acts once
        self.running = True
        self.frames_this_second = 0
        self.second_started = time.perf_counter()
        pygame.key.start_text_input()
        pygame.key.set_repeat(400, 60)  # repeats for RETURN, DELETE, arrows (text repeats itself)
        self.set_title(fps=None)

    # -- events ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Act on one pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.TEXTINPUT:
            repeat = self.repeats.text()
            if not self.control_held():
                for key in keys_for_text(event.text):
                    self.keys.push(key, repeat=repeat)
        elif event.type == pygame.KEYDOWN and self.joystick.claims(event.key):
            self.joystick.held.add(event.key)
        elif event.type == pygame.KEYUP and self.joystick.claims(event.key):
            self.joystick.held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            self.handle_keydown(event.key, event.mod, repeat=self.repeats.key_down(event.key))
        elif event.type == pygame.KEYUP:
            self.repeats.key_up(event.key)
            self.commands_down.discard(event.key)
            if event.key in CONSOLE_KEYS:
                self.console.held.discard(CONSOLE_KEYS[event.key])
            elif event.key == pygame.K_F12:
                self.turbo.release(time.perf_counter())
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_paddle(event.pos[0])
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.renderer.layout()

    def handle_keydown(self, key: int, mod: int, repeat: bool = False) -> None:
        action = action_for_keydown(key, mod)
        if action is None:
            return
        if action.kind == "atari":
            self.keys.push(action.atari_key, repeat=repeat)
            return
        if key in self.commands_down:
            return
        self.commands_down.add(key)
        if action.kind == "console":
            self.console.held.add(action.name)
        elif action.name == "reset":
            self.keys.clear()  # as BREAK: keys typed ahead would go to the restarted program
            self.machine.reset(warm=not mod & pygame.KMOD_SHIFT)
        elif action.name == "break":
            self.keys.clear()
            self.machine.press_break()
        elif action.name == "screenshot":
            print(f"screenshot: {screenshot(self.machine)}", flush=True)
        elif action.name == "turbo":
            self.turbo.press(time.perf_counter())
            self.set_title(fps=None)
        elif action.name == "mute" and self.audio is not None:
            self.audio.toggle()
            self.set_title(fps=None)
        elif action.name == "joystick arrows":
            self.joystick.arrows = not self.joystick.arrows
            self.joystick.held.clear()
            self.set_title(fps=None)

    def mouse_paddle(self, x: int) -> None:
        """Paddle 0 follows the mouse across the picture: 228 at the left edge, 1 at the right
        (turning a paddle clockwise lowers POT0, De Re Atari ch. 8)."""
        rect = getattr(self.renderer, "rect", None)
        if rect is None or rect.width <= 0:
            return
        fraction = min(1.0, max(0.0, (x - rect.left) / rect.width))
        self.machine.set_paddle(0, round(228 - 227 * fraction))

    @staticmethod
    def control_held() -> bool:
        """CONTROL held without ALT (AltGr on Windows reports as Ctrl+Alt and must type text)."""
        mods = pygame.key.get_mods()
        return bool(mods & pygame.KMOD_CTRL) and not mods & pygame.KMOD_ALT

    # -- frames ------------------------------------------------------------------------------

    def step(self) -> None:
        """Handle pending events, then emulate one frame."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.keys.feed(self.machine)
        self.joystick.apply(self.machine)
        run_one_frame(self.machine, self.console)
        self.check_alert()
        self.count_frame()

    def check_alert(self) -> None:
        """A new alert goes into the title bar and to stderr (the console the window came from)."""
        alert = self.alert() if self.alert is not None else ""
        if alert != self.alert_shown:
            self.alert_shown = alert
            if alert:
                print(alert, file=sys.stderr, flush=True)
            self.set_title(fps=None)

    def draw(self) -> None:
        self.renderer.draw_colours(self.machine.frame_colours(), self.machine.palette)

    def count_frame(self) -> None:
        """Count emulated frames; once a second put the rate into the title bar."""
        self.frames_this_second += 1
        now = time.perf_counter()
        if now - self.second_started >= 1.0:
            self.set_title(self.frames_this_second / (now - self.second_started))
            self.frames_this_second, self.second_started = 0, now

    def set_title(self, fps: float | None) -> None:
        parts = [self.alert_shown] if self.alert_shown else []
        parts += [self.title, "Surround XL emulator"]
        if fps is not None:
            parts.append(f"{fps:.1f} fps ({fps / self.frame_rate:.0%})")
        if self.turbo.on:
            parts.append("TURBO (F12)")
        if self.machine.tape_running:
            parts.append("TAPE RUNNING")
        if self.joystick.arrows:
            parts.append("ARROWS = JOYSTICK (F11)")
        if self.audio is not None and self.audio.muted:
            parts.append("MUTED (F9)")
        pygame.display.set_caption(" - ".join(parts))

    def run(self, frame_limit: int | None = None) -> int:
        """The main loop: real-time frames (or turbo) until the window is closed, or until
        ``frame_limit`` frames have run (``--frames``)."""
        period = 1.0 / self.frame_rate
        deadline = time.perf_counter()
        last_draw = 0.0
        skipped = 0
        frames = 0
        while self.running and (frame_limit is None or frames < frame_limit):
            self.step()
            frames += 1
            now = time.perf_counter()
            if self.turbo.on or self.machine.tape_running:  # the tape's leader and records at full speed
                if now - last_draw >= 1.0 / TURBO_RENDER_RATE:
                    self.draw()
                    last_draw = now
                deadline = now
                continue
            deadline += period
            late = now > deadline
            if late and skipped < MAX_SKIPPED_FRAMES:
                skipped += 1
            else:
                self.draw()
                skipped = 0
            delay = deadline - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            elif delay < -0.25:  # far behind (a slow host, a pause): stop trying to catch up
                deadline = time.perf_counter()
        return 0


def run(machine: Atari, options: FrontendOptions | None = None) -> int:
    """Run `machine` in a window until it is closed; returns the exit status."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise EmulatorError(f"cannot open a window ({error}); try --frontend terminal") from None
    try:
        options = options if options is not None else FrontendOptions()
        window = AtariWindow(machine, options.title, options.scale, options.alert, muted=options.mute)
        print("Surround XL emulator window. Keys:\n" + KEY_HELP, flush=True)
        status = window.run(frame_limit=options.frames)
        if options.screenshot:  # the last frame shown, as the headless front-end saves it
            machine.screenshot(options.screenshot)
        return status
    finally:
        pygame.mixer.quit()
        pygame.display.quit()


# ---------------------------------------------------------------------------------------------
# Benchmark: how fast the window draws
# ---------------------------------------------------------------------------------------------


def measure_fps(seconds: float, machine: Atari | None = None, row_scale: float = DEFAULT_ROW_SCALE) -> float:
    """Frames per second the window renderer reaches: the machine's frame (its colour bytes,
    frame_colours) drawn as the window draws it, scaled by `row_scale`, again and again for
    `seconds`.

    Emulation is not timed here (that is the bench's cycles_per_second); without `machine`
    a HeadlessAtari is booted so a real OS screen is drawn. Where no display can be
    opened, SDL's dummy driver is used for the measurement (the drawing work is the same,
    only the final flip to the screen is missing).
    """
    if machine is None:
        from emulator.headless import HeadlessAtari

        machine = HeadlessAtari()
        machine.boot()
        machine.run_frames(30)
    use_dummy = "SDL_VIDEODRIVER" not in os.environ and not display_available()
    if use_dummy:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        pygame.display.init()
        height, width = machine.frame_colours().shape
        renderer = Renderer((width, height), row_scale, resizable=False)
        frames = 0
        started = time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds or frames == 0:
            pygame.event.pump()
            renderer.draw_colours(machine.frame_colours(), machine.palette)
            frames += 1
        return frames / elapsed
    except pygame.error as error:
        raise EmulatorError(f"cannot measure the window's frame rate ({error})") from None
    finally:
        pygame.display.quit()
        if use_dummy:
            del os.environ["SDL_VIDEODRIVER"]
