"""The scenes of the game: title, play, pause menu, rules reference, settings, results, confirm dialog."""
