"""The pieces of Toolbox Editor's Python worker (see ../toolbox_worker.py)."""
