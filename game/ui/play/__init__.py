"""The play scene, split by job. ``scene`` (:class:`~game.ui.play.scene.PlayScene`) runs the turn and the frame
and hands the rest out:

    controller   clicks, drags and keys -> the core's Actions; what lights up; the prompt
    popups       the action menu and the carry choice            bar        the bottom bar's choice buttons
    hits         what is under a point                           tooltips   the hover texts
    hints        the planner's hint and its gold rings
    animator     events -> animation steps that move the stage   stage      everything being animated
    positions    where each counter is drawn: pieces in flight, stacks fanned out, full interiors spread
    board_layer  the board and what stands on it                 hud        the panels around the board

Imports go one way (scene -> controller, animator, board_layer, hud -> stage -> positions); no module here
imports the scene.
"""
