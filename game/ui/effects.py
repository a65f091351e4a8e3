"""Fire-and-forget visual effects the play scene steps each frame: pymunk debris from a blown barrier, dust
and smoke particles, flames, shell strikes, screen shake and flash, and dice tumbling in the dice tray.
Effects use their own random stream (never the game's dice)."""

from __future__ import annotations

import math
import re

import pygame
import pymunk

from game.rules.rng import Pcg32
from game.ui import palette as P
from game.ui.fonts import blit_text, wrap
from game.ui.words import fit

DEFENSE = re.compile(r"\s*\(defense (\d+)\)")  # the target a roll's narration names

_rng = Pcg32.seeded(2024, 0xEFFEC7)


def rnd(a: float = 0.0, b: float = 1.0) -> float:
    return a + (b - a) * (_rng.below(1 << 24) / float(1 << 24))


_blobs: dict[tuple[P.Colour, int, int], pygame.Surface] = {}


def blob(colour: P.Colour, r: int, alpha: int) -> pygame.Surface:
    """A translucent disc, cached (alpha in 16 steps): particles draw hundreds of them a frame."""
    key = (colour, r, alpha // 16)
    s = _blobs.get(key)
    if s is None:
        if len(_blobs) > 3000:
            _blobs.clear()
        s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(s, (*colour, (alpha // 16) * 16 + 8), (r, r), r)
        _blobs[key] = s
    return s


class Effect:
    done: bool = False

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        raise NotImplementedError


class Particles(Effect):
    """Circles that drift, grow and fade: dust, smoke, sparks, water."""

    def __init__(self, pos: tuple[float, float], n: int, colour: P.Colour, speed: float = 80.0,
                 life: float = 1.2, size: float = 6.0, grow: float = 14.0, gravity: float = -10.0,
                 spread: float = math.tau, direction: float = 0.0, alpha: int = 170) -> None:
        self.parts: list[list[float]] = []
        for _ in range(n):
            ang = direction + rnd(-spread / 2, spread / 2)
            v = speed * rnd(0.3, 1.0)
            self.parts.append([pos[0], pos[1], math.cos(ang) * v, math.sin(ang) * v, 0.0, life * rnd(0.6, 1.0)])
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
            r = int(self.size + self.grow * k)
            a = int(self.alpha * (1 - k))
            if r <= 0 or a <= 0:
                continue
            s = blob(self.colour, r, a)
            surface.blit(s, (x - r + offset[0], y - r + offset[1]))


class Debris(Effect):
    """A barrier bursting: wooden planks and stones as pymunk bodies thrown outward, falling on a ground line."""

    def __init__(self, pos: tuple[float, float], n: int = 22) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0, 900)
        ground = pymunk.Segment(self.space.static_body, (pos[0] - 400, pos[1] + 40), (pos[0] + 400, pos[1] + 40),
                                4)
        ground.friction = 0.9
        ground.elasticity = 0.3
        self.space.add(ground)
        self.bodies: list[tuple[pymunk.Body, pymunk.Poly, P.Colour]] = []
        for i in range(n):
            w, h = rnd(6, 18), rnd(4, 8)
            mass = w * h / 40
            body = pymunk.Body(mass, pymunk.moment_for_box(mass, (w, h)))
            body.position = (pos[0] + rnd(-20, 20), pos[1] + rnd(-10, 10))
            ang = rnd(-math.pi, 0)
            v = rnd(120, 420)
            body.velocity = (math.cos(ang) * v, math.sin(ang) * v)
            body.angular_velocity = rnd(-12, 12)
            shape = pymunk.Poly.create_box(body, (w, h))
            shape.friction = 0.8
            shape.elasticity = 0.35
            self.space.add(body, shape)
            colour = (150, 116, 70) if i % 3 else (120, 112, 104)
            self.bodies.append((body, shape, colour))
        self.age = 0.0
        self.life = 2.2
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        steps = max(1, int(dt / (1 / 120)))
        for _ in range(min(steps, 8)):
            self.space.step(min(dt, 1 / 30) / steps)
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        fade = max(0.0, min(1.0, (self.life - self.age) / 0.6))
        for body, shape, colour in self.bodies:
            pts = [(v.rotated(body.angle) + body.position) for v in shape.get_vertices()]
            pts2 = [(p.x + offset[0], p.y + offset[1]) for p in pts]
            c = P.mix(P.PAPER, colour, fade)
            pygame.draw.polygon(surface, c, pts2)
            if fade > 0.3:
                pygame.draw.polygon(surface, P.INK, pts2, 1)


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
        pygame.draw.circle(s, (*P.FIRE_HOT, int(230 * (1 - k))), (r + 2, r + 2), r)
        pygame.draw.circle(s, (*P.FIRE, int(255 * (1 - k))), (r + 2, r + 2), r, 4)
        surface.blit(s, (x - r - 2, y - r - 2))


class Tracer(Effect):
    """A line of fire from a gun to its target."""

    def __init__(self, a: tuple[float, float], b: tuple[float, float], life: float = 0.3) -> None:
        self.a, self.b = a, b
        self.age = 0.0
        self.life = life
        self.done = False

    def update(self, dt: float) -> None:
        self.age += dt
        self.done = self.age >= self.life

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        k = min(1.0, self.age / (self.life * 0.5))
        ax, ay = self.a[0] + offset[0], self.a[1] + offset[1]
        bx, by = self.b[0] + offset[0], self.b[1] + offset[1]
        ex, ey = ax + (bx - ax) * k, ay + (by - ay) * k
        sx, sy = ax + (bx - ax) * max(0.0, k - 0.35), ay + (by - ay) * max(0.0, k - 0.35)
        pygame.draw.line(surface, P.FIRE_HOT, (sx, sy), (ex, ey), 3)


class Flames(Effect):
    """The burning building: flickering flame tongues and rising smoke over a rectangle, for ``life`` seconds."""

    def __init__(self, rect: pygame.Rect, life: float = 4.0) -> None:
        self.rect = rect
        self.age = 0.0
        self.life = life
        self.smoke: list[Particles] = []
        self.done = False
        self._emit = 0.0

    def update(self, dt: float) -> None:
        self.age += dt
        self._emit += dt
        if self._emit > 0.12 and self.age < self.life - 0.8:
            self._emit = 0.0
            x = self.rect.x + rnd(0, self.rect.w)
            self.smoke.append(Particles((x, self.rect.y + rnd(0, self.rect.h * 0.4)), 4, P.SMOKE, speed=40,
                                        life=2.0, size=8, grow=30, gravity=-40, direction=-math.pi / 2,
                                        spread=1.0, alpha=150))
        for p in self.smoke:
            p.update(dt)
        self.smoke = [p for p in self.smoke if not p.done]
        self.done = self.age >= self.life and not self.smoke

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        grow = min(1.0, self.age / 1.2) * max(0.0, min(1.0, (self.life - self.age) / 0.8))
        if grow > 0:
            n = 9
            for i in range(n):
                x = self.rect.x + (i + 0.5) * self.rect.w / n + offset[0]
                h = self.rect.h * 0.5 * grow * (0.6 + 0.4 * math.sin(self.age * 13 + i * 1.7))
                base = self.rect.bottom + offset[1] - self.rect.h * 0.25 * (i % 3)
                w = self.rect.w / n * 0.9
                pts = [(x - w / 2, base), (x, base - h), (x + w / 2, base)]
                pygame.draw.polygon(surface, P.FIRE, pts)
                pts2 = [(x - w / 4, base), (x, base - h * 0.55), (x + w / 4, base)]
                pygame.draw.polygon(surface, P.FIRE_HOT, pts2)
        for p in self.smoke:
            p.draw(surface, offset)


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
    """Screen shake: a decaying offset."""

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
        return (rnd(-k, k), rnd(-k, k))


_die_faces: dict[tuple[int, bool], pygame.Surface] = {}


class DiceTray:
    """Dice tumbling in a tray (pymunk boxes bouncing off the walls), landing on the faces the core rolled.
    ``roll(values)`` starts a tumble; ``settled`` tells when the faces are final."""

    SIZE = 40

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.values: list[int] = []
        self.label = ""
        self.age = 1.0
        self.tumble = 0.55
        self.space: pymunk.Space | None = None
        self.bodies: list[pymunk.Body] = []
        self.good: int = 0  # dice at or above this value are drawn as hits (0 = no mark)

    @property
    def settled(self) -> bool:
        return self.age >= self.tumble

    def roll(self, values: list[int], label: str, good: int = 0, tumble: float = 0.55) -> None:
        self.tumble = tumble
        self.values = list(values)[:12]
        self.label = label
        self.good = good
        self.age = 0.0
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
        ellipsis at the end of the second line."""
        text = self.label.rsplit(": ", 1)[0]
        target = DEFENSE.search(text)
        if target:  # the number to reach first: it must survive the cut
            text = f"Defense {target.group(1)} · " + (text[:target.start()] + text[target.end():]).strip()
        width = self.rect.w - 16
        lines = wrap(text, "type", 14, width)
        if len(lines) > 2:
            lines = [lines[0], fit(" ".join(lines[1:]), "type", 14, width, 14)[0]]
        return lines

    def update(self, dt: float) -> None:
        if self.settled or self.space is None:
            return
        self.age += dt
        steps = 4
        for _ in range(steps):
            self.space.step(min(dt, 1 / 30) / steps)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (64, 84, 60), self.rect, border_radius=8)
        pygame.draw.rect(surface, P.INK, self.rect, 2, border_radius=8)
        if self.label:
            for j, line in enumerate(self.caption()):
                blit_text(surface, line, "type", 14, P.PAPER_LIGHT, (self.rect.x + 8, self.rect.y + 4 + j * 16))
        n = len(self.values)
        for i, v in enumerate(self.values):
            x: float
            y: float
            if self.settled or not self.bodies:
                x = self.rect.x + 30 + (i % 7) * (self.SIZE + 8)
                y = self.rect.y + 62 + (i // 7) * (self.SIZE + 6)
                angle = 0.0
                face = v
            else:
                body = self.bodies[i]
                x, y = body.position
                angle = -math.degrees(body.angle)
                face = 1 + int(self.age * 20 + i * 3) % 6
            self._die(surface, (x, y), face, angle, hit=bool(self.good) and self.settled and v >= self.good)
        if n == 0:
            blit_text(surface, "dice", "type", 16, (150, 170, 140), self.rect.center, "center")

    def _face(self, face: int, hit: bool) -> pygame.Surface:
        """An upright die showing ``face`` (cached: never drawn on, only blitted or rotated into a new image)."""
        key = (face, hit)
        img = _die_faces.get(key)
        if img is not None:
            return img
        s = self.SIZE
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        pygame.draw.rect(img, (250, 246, 232) if not hit else (255, 226, 140), (0, 0, s, s), border_radius=7)
        pygame.draw.rect(img, P.INK, (0, 0, s, s), 2, border_radius=7)
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[max(1, min(6, face))]
        for px, py in pips:
            pygame.draw.circle(img, P.INK if face != 1 else P.TARGET, (s // 2 + px * 10, s // 2 + py * 10), 4)
        _die_faces[key] = img
        return img

    def _die(self, surface: pygame.Surface, c: tuple[float, float], face: int, angle: float, hit: bool) -> None:
        img = self._face(face, hit)
        if angle:
            img = pygame.transform.rotate(img, angle)
        surface.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))
