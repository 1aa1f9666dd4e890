"""What a gunicorn worker does before its first request (gunicorn.conf.py)."""

import gc
import runpy
from pathlib import Path

from accounts import pincodes

CONFIGS = ["gunicorn.conf.py", "deploy/gunicorn.conf.py"]
ROOT = Path(__file__).resolve().parents[2]


def test_both_configs_warm_the_pin_directory_and_freeze_what_is_loaded(monkeypatch):
    for name in CONFIGS:
        config = runpy.run_path(str(ROOT / name))
        monkeypatch.setattr(pincodes, "_built", None)
        gc.unfreeze()
        try:
            config["post_worker_init"](worker=None)
            assert pincodes._built is not None, name
            assert pincodes.lookup("110001").state == "Delhi"
            assert gc.get_freeze_count() > 0, name
        finally:
            gc.unfreeze()
