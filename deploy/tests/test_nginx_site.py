"""The nginx site renderer: what it fills in, and nginx accepts the result."""

import subprocess

from deploy.nginx_site import FORM_OVERHEAD, render
from deploy.tests.test_two_servers import _nginx


def test_the_site_names_every_app_server_and_the_body_limit(monkeypatch):
    monkeypatch.setenv("MAX_PHOTO_BYTES", "2000000")
    site = render(apps=["10.0.0.11:8000", "10.0.0.12:8000"], static_root="/srv/shop/static/")
    assert "    server 10.0.0.11:8000 max_fails=1 fail_timeout=10s;" in site
    assert "    server 10.0.0.12:8000 max_fails=1 fail_timeout=10s;" in site
    assert f"client_max_body_size {2_000_000 + FORM_OVERHEAD};" in site
    assert "alias /srv/shop/static/;" in site
    assert "$" in site and "$$" not in site  # nginx's own variables survive the rendering


def test_nginx_accepts_the_rendered_site(tmp_path):
    (tmp_path / "site.conf").write_text(
        render(apps=["127.0.0.1:9"], static_root=str(tmp_path), listen="127.0.0.1:9")
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nevents {{}}\n"
        f"http {{ include /etc/nginx/mime.types; include {tmp_path}/site.conf; }}\n"
    )
    result = subprocess.run(
        [_nginx(), "-t", "-p", str(tmp_path), "-e", str(tmp_path / "e.log"), "-c", "nginx.conf"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr
