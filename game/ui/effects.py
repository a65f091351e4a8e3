"""Fire-and-forget visual effects the play scene steps each frame: pymunk debris from a blown barrier or a door
giving way, dust and smoke particles, particle fire with rolling smoke, shell strikes, muzzle flashes and
tracer, screen shake, and dice tumbling in the dice tray.

Effects use random streams of their own (never the game's dice): each effect seeds its stream from what it
shows, so the same events draw the same effects; ``draw`` never draws a random number (a frame drawn twice is
the same frame)."""

from __future__ import annotations

import math
import re
import zlib

import pygame
import pymunk

from game.i18n import Lazy, _, same
from game.rules.rng import Pcg32
from game.ui import palette
from game.ui.fonts import blit_text, wrap
from game.ui.layout import EXTERIOR
from game.ui.words import fit

DEFENSE = re.compile(r"\s*\(\w+ (\d+)\)")  # the target a roll's narration names: "(defense 4)", "(défense 4)"



class Rand:
    """An effect's own random stream, seeded from what the effect shows (its kind, place and size): the same
    event draws the same effect in every run, whatever was drawn before it. Never the game's dice."""

    def __init__(self, *key: object) -> None:
        self._g = Pcg32.seeded(zlib.crc32(repr(key).encode()), 0xEFFEC7)

    def __call__(self, a: float = 0.0, b: float = 1.0) -> float:
        return a + (b - a) * (self._g.below(1 << 24) / float(1 << 24))


_soft: dict[tuple[palette.Colour, int], pygame.Surface] = {}
_tongues: dict[tuple[palette.Colour, int], pygame.Surface] = {}
_glow: dict[tuple[palette.Colour, int], pygame.Surface] = {}


def soft(colour: palette.Colour, r: int) -> pygame.Surface:
    """A soft round sprite of ``colour`` whose alpha falls off from the centre (cached; the caller sets its
    surface alpha just before each blit)."""
    key = (colour, r)
    s = _soft.get(key)
    if s is None:
        s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        for i in range(r, 0, -max(1, r // 12)):  # outer discs first, each inner one more opaque (a dozen)
            k = 1.0 - i / r
            pygame.draw.circle(s, (*colour, int(255 * min(1.0, 0.15 + 1.3 * k) ** 1.4)), (r, r), i)
        _soft[key] = s
    return s


def tongue(colour: palette.Colour, r: int) -> pygame.Surface:
    """A soft flame: an upright oval ``2r`` wide and ``3r`` high, ``colour`` fading out to its edge (cached; the
    caller sets its surface alpha)."""
    key = (colour, r)
    s = _tongues.get(key)
    if s is None:
        s = pygame.Surface((2 * r, 3 * r), pygame.SRCALPHA)
        for i in range(r, 0, -max(1, r // 12)):
            k = 1.0 - i / r
            rect = pygame.Rect(0, 0, 2 * i, 3 * i)
            rect.center = (r, int(1.5 * r))
            pygame.draw.ellipse(s, (*colour, int(255 * min(1.0, 0.1 + 1.4 * k) ** 1.3)), rect)
        _tongues[key] = s
    return s


def glow(colour: palette.Colour, r: int) -> pygame.Surface:
    """A light to add (``BLEND_ADD``): ``colour`` at the centre falling off to black at radius ``r`` (cached)."""
    key = (colour, r)
    s = _glow.get(key)
    if s is None:
        s = pygame.Surface((2 * r, 2 * r))
        for i in range(r, 0, -max(1, r // 12)):
            k = (1.0 - i / r) ** 1.6
            pygame.draw.circle(s, (int(colour[0] * k), int(colour[1] * k), int(colour[2] * k)), (r, r), i)
        _glow[key] = s
    return s


BLAST_LIGHT = (255, 200, 120)  # a door giving way: the light at the heart of its blast (GiveWay)
FIRE_LIGHT = (96, 42, 10)  # a fire's light on what burns (Flames)


# The colours of the dust and smoke the blows throw (GiveWay here, the animator's blasts, shots and falls): their
# soft sprites are made before play (prewarm).
DUST = ((176, 158, 128), (120, 110, 100), (176, 160, 130), (160, 144, 120), palette.SMOKE, (170, 152, 124))


def prewarm() -> None:
    """Make the lights of a breach and a fire and the puffs of dust and smoke at every size they take (kept once a
    process, about 10 ms): made while a blast grows or shrinks, each new size cost its frame up to 4 ms."""
    for r in range(8, 49, 4):
        glow(BLAST_LIGHT, r)
        glow(FIRE_LIGHT, r)
    for colour in DUST:
        for r in range(2, 51, 2):
            soft(colour, r)


class Effect:
    done: bool = False

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        raise NotImplementedError


class Particles(Effect):
    """Circles that drift, grow and fade: dust, smoke, sparks, water."""

    def __init__(self, pos: tuple[float, float], n: int, colour: palette.Colour, speed: float = 80.0,
                 life: float = 1.2, size: float = 6.0, grow: float = 14.0, gravity: float = -10.0,
                 spread: float = math.tau, direction: float = 0.0, alpha: int = 170) -> None:
        rand = Rand("particles", pos, n, colour, speed, direction)
        self.parts: list[list[float]] = []
        for _i in range(n):
            ang = direction + rand(-spread / 2, spread / 2)
            v = speed * rand(0.3, 1.0)
            self.parts.append([pos[0], pos[1], math.cos(ang) * v, math.sin(ang) * v, 0.0, life * rand(0.6, 1.0)])
        self.colour = colour
        self.size = size
        self.grow = grow
        self.gravity = gravity
        self.alpha = alpha
        self.done = False

    def update(self, dt: float) -> None:
        alive = False
        for p in self.parts:
            p[4] += dt
            if p[4] < p[5]:
                alive = True
                p[0] += p[2] * dt
                p[1] += p[3] * dt
                p[2] *= 0.96
                p[3] = p[3] * 0.96 + self.gravity * dt
        self.done = not alive

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        for x, y, _vx, _vy, age, life in self.parts:
            if age >= life:
                continue
            k = age / life
            r = int(self.size + self.grow * k) // 2 * 2
            a = int(self.alpha * (1 - k))
            if r <= 0 or a <= 0:
                continue
            s = soft(self.colour, r)  # one sprite a size and colour: its alpha is set for each blit
            s.set_alpha(a)
            surface.blit(s, (x - r + offset[0], y - r + offset[1]))


PLANKS = ((150, 116, 70), (128, 96, 56), (170, 136, 88))
BRICKS = ((150, 72, 52), (128, 60, 44), (120, 112, 104))


class Debris(Effect):
    """A barrier bursting or a door giving way: planks and stones (or bricks) as pymunk bodies thrown out around
    ``direction`` (radians, screen y down; default: upward), falling on a ground line."""

    def __init__(self, pos: tuple[float, float], n: int = 22, direction: float = -math.pi / 2,
                 spread: float = math.pi, colours: tuple[palette.Colour, ...] = (), speed: float = 420.0,
                 life: float = 2.2) -> None:
        rand = Rand("debris", pos, n, direction)
        self.pos = pos
        self.space: pymunk.Space | None = None  # made at the first update: an effect skipped, or dropped before
        # it is drawn (Skip through a busy Enemy Phase makes and drops dozens), never makes one
        self.bodies: list[tuple[pymunk.Body, float, float, palette.Colour]] = []  # a body, its half width and height
        # every piece's size, place, speed and spin drawn now (the same stream whatever the frames); the bodies are
        # made LAUNCH an update (a pymunk body costs about 0.06 ms to make: 24 in one frame made it a slow frame)
        self._pending: list[tuple[float, float, tuple[float, float], tuple[float, float], float, float,
                                  palette.Colour]] = []
        for i in range(n):
            plank = bool(colours) and colours[0] == PLANKS[0]
            w, h = (rand(12, 26), rand(3, 6)) if plank else (rand(6, 18), rand(4, 8))
            at = (pos[0] + rand(-14, 14), pos[1] + rand(-10, 10))
            ang = direction + rand(-spread / 2, spread / 2)
            v = rand(speed * 0.3, speed)
            turn, spin = rand(0, math.pi), rand(-14, 14)
            colour = colours[i % len(colours)] if colours else (150, 116, 70) if i % 3 else (120, 112, 104)
            self._pending.append((w, h, at, (math.cos(ang) * v, math.sin(ang) * v), turn, spin, colour))
        self.age = 0.0  # (the first pieces fly at the first update: not in the frame the blow lands, its busiest)
        self.life = life
        self.done = False

    LAUNCH = 8  # pieces thrown a frame: a blast of 24 spread over three frames (50 ms at 60 frames a second)

    def _ground(self) -> pymunk.Space:
        """The pieces' world: gravity and a ground line under the blast."""
        space = pymunk.Space()
        space.gravity = (0, 900)
        x, y = self.pos
        ground = pymunk.Segment(space.static_body, (x - 400, y + 40), (x + 400, y + 40), 4)
        ground.friction = 0.9
        ground.elasticity = 0.3
        space.add(ground)
        return space

    def _launch(self) -> None:
        """The next LAUNCH pieces made and thrown from the blast."""
        if self.space is None:
            self.space = self._ground()
        for w, h, at, velocity, turn, spin, colour in self._pending[:self.LAUNCH]:
            mass = w * h / 40
            body = pymunk.Body(mass, pymunk.moment_for_box(mass, (w, h)))
            body.position = at
            body.velocity = velocity
            body.angle = turn
            body.angular_velocity = spin
            shape = pymunk.Poly.create_box(body, (w, h))
            shape.friction = 0.8
            shape.elasticity = 0.35
            self.space.add(body, shape)
            self.bodies.append((body, w / 2, h / 2, colour))
        del self._pending[:self.LAUNCH]

    def update(self, dt: float) -> None:
        self.age += dt
        if self._pending or self.space is None:
            self._launch()
        assert self.space is not None
        steps = max(1, int(dt / (1 / 120)))
        for _i in range(min(steps, 8)):
            self.space.step(min(dt, 1 / 30) / steps)
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        fade = max(0.0, min(1.0, (self.life - self.age) / 0.6))
        for body, hw, hh, colour in self.bodies:
            # the box's corners turned by the body's angle (by hand: pymunk's vertices cost 0.6 ms a frame)
            x, y = body.position
            x, y = x + offset[0], y + offset[1]
            cos, sin = math.cos(body.angle), math.sin(body.angle)
            ax, ay, bx, by = hw * cos, hw * sin, -hh * sin, hh * cos
            pts = [(x - ax - bx, y - ay - by), (x + ax - bx, y + ay - by), (x + ax + bx, y + ay + by),
                   (x - ax + bx, y - ay + by)]
            c = palette.mix(palette.PAPER, colour, fade)
            pygame.draw.polygon(surface, c, pts)
            if fade > 0.3:
                pygame.draw.polygon(surface, palette.INK, pts, 1)


class Strike(Effect):
    """A shell strike: a bright flash ring, then smoke."""

    def __init__(self, pos: tuple[float, float], big: bool = True) -> None:
        self.pos = pos
        self.age = 0.0
        self.life = 0.45
        self.big = big
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        k = self.age / self.life
        r = int((36 if self.big else 20) * (0.3 + k))
        x, y = self.pos[0] + offset[0], self.pos[1] + offset[1]
        s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(s, (*palette.FIRE_HOT, int(230 * (1 - k))), (r + 2, r + 2), r)
        pygame.draw.circle(s, (*palette.FIRE, int(255 * (1 - k))), (r + 2, r + 2), r, 4)
        surface.blit(s, (x - r - 2, y - r - 2))


class MuzzleFlash(Effect):
    """A gun firing ``rounds`` times at ``pos``: each round a star of flame pointing at ``toward`` and a flare of
    light, a few hundredths of a second each."""

    FLARE = 0.06  # seconds each flash shows

    def __init__(self, pos: tuple[float, float], toward: tuple[float, float], rounds: int = 3,
                 interval: float = 0.08, size: float = 1.0) -> None:
        rand = Rand("muzzle", pos, toward, rounds)
        self.pos = pos
        self.angle = math.atan2(toward[1] - pos[1], toward[0] - pos[0])
        self.rounds = max(1, rounds)
        self.interval = interval
        self.size = size
        self.shapes = [(rand(0.75, 1.2), rand(-0.25, 0.25)) for _i in range(self.rounds)]  # length, twist
        self.age = 0.0
        self.life = (self.rounds - 1) * interval + self.FLARE
        self.done = False

    def showing(self) -> int:
        """The round flashing now, or -1 between flashes and after the last."""
        i = int(self.age / self.interval) if self.interval > 0 else 0
        if i < self.rounds and self.age - i * self.interval < self.FLARE:
            return i
        return -1

    def update(self, dt: float) -> None:
        self.age += dt
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        i = self.showing()
        if i < 0:
            return
        length, twist = self.shapes[i]
        x, y = self.pos[0] + offset[0], self.pos[1] + offset[1]
        light = glow(palette.FIRE_HOT, int(30 * self.size))
        surface.blit(light, light.get_rect(center=(int(x), int(y))), special_flags=pygame.BLEND_ADD)
        a = self.angle + twist
        reach = 34 * self.size * length
        for da, k, w in ((0.0, 1.0, 0.32), (1.1, 0.45, 0.5), (-1.1, 0.45, 0.5)):  # a long tongue, two short
            tip = (x + math.cos(a + da) * reach * k, y + math.sin(a + da) * reach * k)
            side = reach * k * w * 0.4
            left = (x + math.cos(a + da + math.pi / 2) * side, y + math.sin(a + da + math.pi / 2) * side)
            right = (x - math.cos(a + da + math.pi / 2) * side, y - math.sin(a + da + math.pi / 2) * side)
            pygame.draw.polygon(surface, palette.FIRE, (left, tip, right))
            inner = (x + (tip[0] - x) * 0.6, y + (tip[1] - y) * 0.6)
            pygame.draw.polygon(surface, palette.FIRE_HOT, (((left[0] + x) / 2, (left[1] + y) / 2), inner,
                                                     ((right[0] + x) / 2, (right[1] + y) / 2)))
        pygame.draw.circle(surface, (255, 250, 225), (int(x), int(y)), max(2, int(5 * self.size)))


class Tracer(Effect):
    """Rounds of fire from a gun at ``a`` to its target at ``b``: each a glowing streak travelling for ``life``
    seconds, ``interval`` after the one before, striking sparks where it lands (a few pixels about ``b``)."""

    def __init__(self, a: tuple[float, float], b: tuple[float, float], life: float = 0.3, rounds: int = 1,
                 interval: float = 0.08, sparks: bool = True) -> None:
        rand = Rand("tracer", a, b, rounds)
        self.a, self.b = a, b
        self.travel = life
        self.interval = interval
        self.rounds = max(1, rounds)
        self.ends = [(b[0] + rand(-5, 5), b[1] + rand(-5, 5)) if i else b for i in range(self.rounds)]
        self.with_sparks = sparks
        self.sparks: list[list[float]] = []  # x, y, vx, vy, age, life
        self._rand = rand
        self.landed = 0  # rounds that have reached the target
        self.age = 0.0
        self.life = (self.rounds - 1) * interval + life
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        while self.landed < self.rounds and self.age >= self.landed * self.interval + self.travel:
            if self.with_sparks:
                ex, ey = self.ends[self.landed]
                back = math.atan2(self.a[1] - ey, self.a[0] - ex)
                for _i in range(5):
                    ang = back + self._rand(-1.2, 1.2)
                    v = self._rand(90, 260)
                    self.sparks.append([ex, ey, math.cos(ang) * v, math.sin(ang) * v, 0.0, self._rand(0.12, 0.3)])
            self.landed += 1
        for s in self.sparks:
            s[4] += dt
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[3] += 600 * dt
        self.sparks = [s for s in self.sparks if s[4] < s[5]]
        self.done = self.landed >= self.rounds and not self.sparks

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        ax, ay = self.a[0] + offset[0], self.a[1] + offset[1]
        for i in range(self.landed, self.rounds):
            k = (self.age - i * self.interval) / self.travel
            if k <= 0:
                continue
            k = min(1.0, k)
            bx, by = self.ends[i][0] + offset[0], self.ends[i][1] + offset[1]
            dist = math.hypot(bx - ax, by - ay) or 1.0
            tail = max(0.0, k - 150 / dist)
            head = (ax + (bx - ax) * k, ay + (by - ay) * k)
            mid = (ax + (bx - ax) * (k + tail) / 2, ay + (by - ay) * (k + tail) / 2)
            start = (ax + (bx - ax) * tail, ay + (by - ay) * tail)
            pygame.draw.line(surface, palette.FIRE, start, head, 3)
            pygame.draw.line(surface, palette.FIRE_HOT, mid, head, 4)
            pygame.draw.circle(surface, (255, 250, 225), (int(head[0]), int(head[1])), 4)
        for x, y, vx, vy, age, life in self.sparks:
            k = age / life
            c = palette.mix((255, 250, 210), palette.FIRE, k)
            pygame.draw.line(surface, c, (x + offset[0], y + offset[1]),
                             (x + offset[0] - vx * 0.03, y + offset[1] - vy * 0.03), 2)


class GiveWay(Effect):
    """A door (or a wall) giving way at an entrance: a shock ring, the doorway torn open, planks (or bricks)
    flying in towards ``inward`` (radians) and a burst of dust that hangs a moment, all on the outside view (the
    floors' panel beside it stays clear)."""

    def __init__(self, pos: tuple[float, float], inward: float, wall: bool = False) -> None:
        rand = Rand("give way", pos, inward, wall)
        self.pos = pos
        self.inward = inward
        self.wall = wall
        self.parts: list[Effect] = [
            Debris(pos, 24, direction=inward, spread=1.8, colours=BRICKS if wall else PLANKS, speed=520,
                   life=1.8),
            Particles(pos, 36, (176, 158, 128), speed=230, life=1.4, size=9, grow=34, gravity=-14, alpha=200),
            Particles(pos, 14, (120, 110, 100), speed=110, life=1.7, size=10, grow=40, gravity=-24,
                      direction=inward, spread=1.6, alpha=160),
        ]
        # the torn doorway: a jagged dark hole, its points at random radii
        self.hole = [(math.cos(i * math.tau / 14) * rand(9, 22), math.sin(i * math.tau / 14) * rand(9, 22))
                     for i in range(14)]
        self.age = 0.0
        self.life = 1.8
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        for p in self.parts:
            p.update(dt)
        self.parts = [p for p in self.parts if not p.done]
        self.done = self.age >= self.life and not self.parts

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        clip = surface.get_clip()
        surface.set_clip(EXTERIOR.move(int(offset[0]), int(offset[1])).clip(clip))  # never over the floors' panel
        try:
            self._draw(surface, offset)
        finally:
            surface.set_clip(clip)

    def _draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        x, y = self.pos[0] + offset[0], self.pos[1] + offset[1]
        k = self.age / self.life
        if k < 1:
            scale = min(1.0, self.age / 0.08) * (1.0 - max(0.0, k - 0.8) / 0.2)
            pts = [(x + px * scale, y + py * scale) for px, py in self.hole]
            pygame.draw.polygon(surface, (34, 26, 20), pts)
            pygame.draw.polygon(surface, (200, 150, 90) if not self.wall else (170, 90, 70), pts, 2)
        if self.age < 0.4:  # the shock ring, and the blast's light at its heart
            t = self.age / 0.4
            r = int(14 + 96 * t)
            pygame.draw.circle(surface, palette.mix((255, 246, 220), palette.PAPER, t), (int(x), int(y)), r,
                               max(1, int(7 * (1 - t))))
            light = glow(BLAST_LIGHT, max(8, int(44 * (1 - t))) // 4 * 4)
            surface.blit(light, light.get_rect(center=(int(x), int(y))), special_flags=pygame.BLEND_ADD)
        for p in self.parts:
            p.draw(surface, offset)


FIRE_RAMP = ((255, 240, 176), (255, 220, 110), (255, 178, 60), (246, 128, 34), (214, 78, 24), (160, 40, 18),
             (104, 26, 14), (64, 20, 12))  # a flame's colour as it rises and cools: yellow-white to dark red
SMOKE_RAMP = ((46, 42, 40), (62, 58, 55), (84, 80, 76), (108, 104, 100))


def _char_layer(size: tuple[int, int]) -> pygame.Surface:
    """The scorch under a fire: dark red-brown, fading in from the top, heavier towards the bottom, glowing along
    it (per-pixel alpha)."""
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        col = palette.mix((40, 22, 18), (120, 40, 16), max(0.0, (k - 0.7) / 0.3))
        pygame.draw.line(s, (*col, int(200 * min(1.0, k / 0.25) * (0.45 + 0.55 * k ** 1.5))), (0, y), (w, y))
    return s


class Flames(Effect):
    """A fire burning over a rectangle for ``life`` seconds: tongues of flame rising from clusters along its foot,
    flickering and cooling from yellow-white through orange to dark red, sparks, a scorch darkening what
    burns with a glow along its foot, and columns of smoke rolling up from it. It flares up, holds, and dies
    down over its last second. Particle counts are capped; sprites are cached."""

    # a fire's tongues and smoke puffs at most: the finale burns four fires (the building and its three floors);
    # at 110 and 30 drawing them took 4.9 ms a frame (median), at 80 and 20 3.7 ms, the blaze as dense to the eye
    # (measured: the four fires of the finale updated and drawn 330 frames, CPU time)
    MAX_FLAMES = 80
    MAX_SMOKE = 20
    EMIT = 0.026  # seconds between two flames of one cluster at full heat

    def __init__(self, rect: pygame.Rect, life: float = 4.0) -> None:
        self.rect = pygame.Rect(rect)
        self.rand = Rand("flames", tuple(self.rect), life)
        rand = self.rand
        n = max(2, self.rect.w // 110)
        # clusters: x, y, strength, flicker phase; most along the foot, every third higher up (a window, a wall)
        self.emitters = [(self.rect.x + (i + rand(0.25, 0.75)) * self.rect.w / n,
                          self.rect.bottom - rand(4, 12) - (self.rect.h * rand(0.3, 0.45) if i % 3 == 1 else 0),
                          rand(0.75, 1.0), rand(0, math.tau)) for i in range(n)]
        cols = max(2, self.rect.w // 170)
        self.columns = [(self.rect.x + (i + rand(0.3, 0.7)) * self.rect.w / cols, rand(0, math.tau))
                        for i in range(cols)]
        self.scale = max(0.7, min(1.2, self.rect.h / 260))
        self.flames: list[list[float]] = []  # x, y, vx, vy, age, life, radius, phase
        self.sparks: list[list[float]] = []  # x, y, vx, vy, age, life
        self.smoke: list[list[float]] = []  # x, y, vx, vy, age, life, r0, r1, phase
        self.age = 0.0
        self.life = life
        self._emit = 0.0
        self._puff = 0.0
        self.char = _char_layer((self.rect.w, self.rect.h * 2 // 3))  # over the lower two thirds
        self.done = False

    def heat(self) -> float:
        """How hard it burns now (0..1): flaring up over 0.8 s, dying down over the last 0.8 s."""
        return min(1.0, self.age / 0.8) * max(0.0, min(1.0, (self.life - self.age) / 0.8))

    def flicker(self, phase: float) -> float:
        """A cluster's flicker now (0..1): two beating waves, so the tongues leap unevenly."""
        return 0.5 + 0.3 * math.sin(self.age * 9.0 + phase) + 0.2 * math.sin(self.age * 23.0 + 2.7 * phase)

    def update(self, dt: float) -> None:
        self.age += dt
        rand, sc = self.rand, self.scale
        heat = self.heat()
        self._emit += dt * heat
        while self._emit > self.EMIT:
            self._emit -= self.EMIT
            for x, y, strength, phase in self.emitters:
                if len(self.flames) >= self.MAX_FLAMES or rand() > strength * (0.3 + 0.7 * self.flicker(phase)):
                    continue
                self.flames.append([x + rand(-12, 12) * sc, y + rand(-3, 3), rand(-10, 10), rand(-110, -60) * sc,
                                    0.0, rand(0.5, 0.85), rand(15, 26) * sc, rand(0, math.tau)])
            if rand() < 0.25 * heat and len(self.sparks) < 24:
                x, y, _s, _p = self.emitters[int(rand(0, len(self.emitters) - 0.001))]
                self.sparks.append([x + rand(-10, 10), y - rand(20, 50) * sc, rand(-30, 30), rand(-170, -90),
                                    0.0, rand(0.6, 1.2)])
        self._puff += dt * min(1.0, heat * 1.5)
        while self._puff > 0.2:
            self._puff -= 0.2
            for x, phase in self.columns:
                if len(self.smoke) >= self.MAX_SMOKE:
                    break
                top = self.rect.bottom - self.rect.h * 0.5
                self.smoke.append([x + rand(-14, 14), top + rand(-10, 10), rand(6, 18), rand(-70, -45) * sc, 0.0,
                                   rand(1.8, 2.5), rand(12, 18) * sc, rand(42, 58) * sc, phase + rand(-0.6, 0.6)])
        for f in self.flames:
            f[4] += dt
            f[3] -= 160 * sc * dt  # hot air rises faster and faster
            f[0] += (f[2] + math.sin(f[4] * 10 + f[7]) * 16) * dt
            f[1] += f[3] * dt
        self.flames = [f for f in self.flames if f[4] < f[5]]
        for s in self.sparks:
            s[4] += dt
            s[0] += (s[2] + math.sin(s[4] * 7 + s[5] * 10) * 40) * dt
            s[1] += s[3] * dt
        self.sparks = [s for s in self.sparks if s[4] < s[5]]
        for p in self.smoke:
            p[4] += dt
            p[0] += (p[2] + math.sin(p[4] * 1.8 + p[8]) * 16) * dt  # drifting downwind, rolling side to side
            p[1] += p[3] * dt
            p[3] *= 1 - 0.25 * dt
        self.smoke = [p for p in self.smoke if p[4] < p[5]]
        self.done = self.age >= self.life and not self.flames and not self.smoke and not self.sparks

    def particles(self) -> int:
        """Flames, sparks and smoke puffs alive now."""
        return len(self.flames) + len(self.sparks) + len(self.smoke)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        ox, oy = offset
        heat = self.heat()
        if heat > 0:  # the scorch: what burns goes dark; the fire's light on it, flickering with each cluster
            self.char.set_alpha(int(220 * heat))
            surface.blit(self.char, (self.rect.x + ox, self.rect.bottom - self.char.get_height() + oy))
            r = int(46 * self.scale)
            for x, y, _s, phase in self.emitters:
                light = glow(FIRE_LIGHT, max(8, int(r * (0.6 + 0.4 * self.flicker(phase)) * heat)) // 4 * 4)
                surface.blit(light, light.get_rect(center=(int(x + ox), int(y + oy - r * 0.4))),
                             special_flags=pygame.BLEND_ADD)
        for x, y, _vx, _vy, age, life, r0, r1, _ph in self.smoke:
            k = age / life
            r = int(r0 + (r1 - r0) * (1 - (1 - k) ** 2)) // 2 * 2
            spr = soft(SMOKE_RAMP[min(3, int(k * 4))], max(2, r))
            spr.set_alpha(int(230 * min(1.0, k / 0.12) * (1 - k) ** 1.1))
            surface.blit(spr, (x + ox - r, y + oy - r))
        for x, y, _vx, _vy, age, life, r0, _ph in self.flames:
            k = age / life
            r = max(2, int(r0 * (1 - 0.7 * k)))
            spr = tongue(FIRE_RAMP[0 if k < 0.08 else min(7, 1 + int(k * 7.5))], r)
            spr.set_alpha(int(255 * min(1.0, (1 - k) * 2.5)))
            surface.blit(spr, (x + ox - r, y + oy - 1.8 * r))
        for x, y, _vx, _vy, age, life in self.sparks:
            c = palette.mix((255, 240, 170), (200, 70, 20), age / life)
            pygame.draw.circle(surface, c, (int(x + ox), int(y + oy)), 2)


class FallingCounter(Effect):
    """A casualty: the counter tips over and falls away, fading."""

    def __init__(self, image: pygame.Surface, pos: tuple[float, float]) -> None:
        self.image = image
        self.pos = pos
        self.age = 0.0
        self.life = 0.9
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        k = self.age / self.life
        img = pygame.transform.rotozoom(self.image, -70 * k, 1.0 - 0.3 * k)
        img.set_alpha(int(255 * (1 - k)))
        r = img.get_rect(center=(self.pos[0] + offset[0] + 20 * k, self.pos[1] + offset[1] + 90 * k * k))
        surface.blit(img, r)


class Shake:
    """Screen shake: a decaying offset (a wobble of the time left, the same in every run and every draw)."""

    def __init__(self) -> None:
        self.t = 0.0
        self.strength = 0.0

    def kick(self, strength: float, duration: float = 0.35) -> None:
        self.strength = max(self.strength, strength)
        self.t = max(self.t, duration)

    def update(self, dt: float) -> None:
        self.t = max(0.0, self.t - dt)
        if self.t == 0:
            self.strength = 0.0

    def offset(self) -> tuple[float, float]:
        if self.t <= 0:
            return (0.0, 0.0)
        k = self.strength * min(1.0, self.t / 0.35)
        return (k * math.sin(self.t * 97.0), k * math.sin(self.t * 71.0 + 1.3))


_die_faces: dict[tuple[int, bool], pygame.Surface] = {}


class DiceTray:
    """Dice tumbling in a tray (pymunk boxes bouncing off the walls), landing on the faces the core rolled.
    ``roll(values, label)`` starts a tumble; ``settled`` tells when the faces are final. The label (the roll's
    narration, an event's ``said``) is kept as given and worded each time it is drawn: after a switch of language
    the tray speaks the new one."""

    SIZE = 40

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.values: list[int] = []
        self.label: str | Lazy = ""  # worded when drawn (caption)
        self.age = 1.0
        self.tumble = 0.55
        self.rested = 0.0  # real seconds the dice have lain at rest
        self.mine = False  # the roll is the player's own attack or grenade (the animator keeps it in sight)
        self.space: pymunk.Space | None = None
        self.bodies: list[pymunk.Body] = []
        self.good: int = 0  # dice at or above this value are drawn as hits (0 = no mark)

    @property
    def settled(self) -> bool:
        return self.age >= self.tumble

    def roll(self, values: list[int], label: str | Lazy, good: int = 0, tumble: float = 0.55) -> None:
        self.tumble = tumble
        self.values = list(values)[:12]
        self.label = label
        self.good = good
        self.age = 0.0
        self.rested = 0.0
        self.space = None  # the tumble is built at the first update (a skipped roll, finished at once, never is:
        self.bodies = []  # skipping a busy Enemy Phase finished a hundred rolls in one frame, 0.5 s of physics)

    def _build(self) -> None:
        """The tumble of the roll: a pymunk box for each die thrown into the tray's walls."""
        space = pymunk.Space()
        r = self.rect.inflate(-8, -40).move(0, 14)
        walls = [((r.x, r.y), (r.right, r.y)), ((r.right, r.y), (r.right, r.bottom)),
                 ((r.right, r.bottom), (r.x, r.bottom)), ((r.x, r.bottom), (r.x, r.y))]
        for a, b in walls:
            seg = pymunk.Segment(space.static_body, a, b, 3)
            seg.elasticity = 0.7
            seg.friction = 0.6
            space.add(seg)
        self.bodies = []
        n = len(self.values)
        rnd = Rand("dice", tuple(self.values), str(self.label))  # the same roll tumbles the same way, always
        for i in range(n):
            body = pymunk.Body(1, pymunk.moment_for_box(1, (self.SIZE, self.SIZE)))
            body.position = (r.x + 30 + (i % 6) * (self.SIZE + 8), r.y + 30 + (i // 6) * (self.SIZE + 6))
            body.velocity = (rnd(-500, 500), rnd(-300, 300))
            body.angular_velocity = rnd(-15, 15)
            shape = pymunk.Poly.create_box(body, (self.SIZE, self.SIZE), 3)
            shape.elasticity = 0.6
            shape.friction = 0.5
            space.add(body, shape)
            self.bodies.append(body)
        space.damping = 0.35
        self.space = space

    def finish(self) -> None:
        self.age = self.tumble

    def caption(self) -> list[str]:
        """The roll's caption in at most two lines: what is rolled for and against what (the narration without its
        ": 3, 5, 6": the dice show their faces, and never before they stop); a longer text is cut with an
        ellipsis at the end of the second line. Worded now, in the player's language of this moment."""
        text: str = same(str(self.label).rsplit(": ", 1)[0])  # (an event's narration, in the player's language)
        target = DEFENSE.search(text)
        if target:  # the number to reach first: it must survive the cut
            text = _("Defense {n} · {roll}", n=target.group(1),
                     roll=(text[:target.start()] + text[target.end():]).strip())
        width = self.rect.w - 16
        lines = wrap(text, "type", 14, width)
        if len(lines) > 2:
            lines = [lines[0], fit(same(" ".join(lines[1:])), "type", 14, width, 14)[0]]
        return lines

    def update(self, dt: float) -> None:
        if self.settled:
            self.rested += dt
            return
        if not self.values:
            return
        if self.space is None:
            self._build()
        assert self.space is not None
        self.age += dt
        steps = 4
        for _i in range(steps):
            self.space.step(min(dt, 1 / 30) / steps)

    def draw(self, surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
        """The tray and its dice; ``origin`` is where ``surface``'s top left corner is on the screen (the bottom
        bar's cached image holds a tray at rest)."""
        ox, oy = origin
        rect = self.rect.move(-ox, -oy)
        pygame.draw.rect(surface, (64, 84, 60), rect, border_radius=8)
        pygame.draw.rect(surface, palette.INK, rect, 2, border_radius=8)
        if self.label:
            for j, line in enumerate(self.caption()):
                blit_text(surface, line, "type", 14, palette.PAPER_LIGHT, (rect.x + 8, rect.y + 4 + j * 16))
        n = len(self.values)
        for i, v in enumerate(self.values):
            x: float
            y: float
            if self.settled or not self.bodies:
                x = rect.x + 30 + (i % 7) * (self.SIZE + 8)
                y = rect.y + 62 + (i // 7) * (self.SIZE + 6)
                angle = 0.0
                face = v if self.settled else 1 + int(self.age * 20 + i * 3) % 6  # (not thrown yet: no face told)
            else:
                body = self.bodies[i]
                x, y = body.position
                x, y = x - ox, y - oy
                angle = -math.degrees(body.angle)
                face = 1 + int(self.age * 20 + i * 3) % 6
            self._die(surface, (x, y), face, angle, hit=bool(self.good) and self.settled and v >= self.good)
        if n == 0:
            blit_text(surface, _("dice"), "type", 16, (150, 170, 140), rect.center, "center")

    def _face(self, face: int, hit: bool) -> pygame.Surface:
        """An upright die showing ``face`` (cached: never drawn on, only blitted or rotated into a new image)."""
        key = (face, hit)
        img = _die_faces.get(key)
        if img is not None:
            return img
        s = self.SIZE
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        pygame.draw.rect(img, (250, 246, 232) if not hit else (255, 226, 140), (0, 0, s, s), border_radius=7)
        pygame.draw.rect(img, palette.INK, (0, 0, s, s), 2, border_radius=7)
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[max(1, min(6, face))]
        for px, py in pips:
            pygame.draw.circle(img, palette.INK if face != 1 else palette.TARGET, (s // 2 + px * 10,
                                                                                   s // 2 + py * 10), 4)
        _die_faces[key] = img
        return img

    def _die(self, surface: pygame.Surface, c: tuple[float, float], face: int, angle: float, hit: bool) -> None:
        img = self._face(face, hit)
        if angle:
            img = pygame.transform.rotate(img, angle)
        surface.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))
