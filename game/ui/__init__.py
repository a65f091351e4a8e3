"""The pygame-ce presentation of Postmen: it draws from the rules core (:mod:`game.rules`) and sends the
player's choices back; it never decides a rule.

Entry point: :func:`game.ui.app.run` (full screen by default, ``windowed=True`` for a window, ``headless`` with
``frames`` and ``screenshot_dir`` for tests and tools, ``demo`` to open straight into the autoplay demo).

One idea per module:
    app          main loop, events mapped to the logical surface          display    window, letterbox, smoothscale
    scene        Scene and SceneStack (enter/exit, pause/resume, top-down input, transparency)
    context      what scenes share (stack, settings, sounds, message)    settings   saved preferences
    storage      user data folder, atomic writes, damaged files aside    sound      PCM effects synthesized at start
    tween        Tween, Wait, Call, Group, Sequence, Deferred, AnimQueue easing     easing functions
    layout       where the board and panels sit; positions of spaces     board      the board drawn by code
    counters     counter, token, car and fire-truck images               effects    pymunk debris and dice, particles
    view         the drawn position, advanced event by event             cache      panels redrawn only on change
    log_panel    the scrollable narration (a line opens its rule)         widgets    buttons, panels, tooltips
    rules_text   every rulebook section in the game's words (the rules reference's searchable text)
    words        actions said in words (demo caption, Hint)               scores     high-score tables per difficulty
    play/        the play scene by job: scene (turn, autosave, results, frame), controller (input -> Actions),
                 animator (events -> steps on its stage), stage, positions, hits, board_layer, hud, bar, popups,
                 hints, tooltips
    scenes/      title, pause, rules_ref, settings_scene, results, confirm, menu, demo (autoplay demo and
                 attract mode), highscores
"""
