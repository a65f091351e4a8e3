"""The play scene, split by job: ``scene`` (PlayScene) runs the turn and the frame and hands the work to the
other modules of this package."""
