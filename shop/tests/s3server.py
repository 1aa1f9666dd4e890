"""A real S3 emulator for tests: moto's server on a loopback port, started and stopped by
the test (no mocks inside the app: django-storages and boto3 talk HTTP to it)."""

import contextlib
import os
import socket
import subprocess
import sys
import time

import boto3

ACCESS_KEY = "testing-access-key"
SECRET_KEY = "testing-secret-key"  # moto accepts any credentials
REGION = "us-east-1"


def wait_for_port(port: int, *, timeout: float = 20.0, process=None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"process on port {port} exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


@contextlib.contextmanager
def moto_server(port: int):
    """moto's S3 server on 127.0.0.1:port; yields its endpoint URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "MOTO_ALLOW_NONEXISTENT_REGION": "true"},
    )
    try:
        wait_for_port(port, process=process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def s3_client(endpoint: str):
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        aws_access_key_id=ACCESS_KEY,
        aws_secret_access_key=SECRET_KEY,
        region_name=REGION,
    )


def bucket_keys(client, bucket: str) -> set[str]:
    keys = set()
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        keys.update(item["Key"] for item in page.get("Contents", []))
    return keys


@contextlib.contextmanager
def media_in_bucket(settings, endpoint: str, bucket: str):
    """The media storage switched to a fresh `bucket` on the emulator at `endpoint` (the
    settings AWS_STORAGE_BUCKET_NAME switches on); yields a boto3 client, and empties and
    removes the bucket afterwards."""
    client = s3_client(endpoint)
    client.create_bucket(Bucket=bucket)
    settings.AWS_STORAGE_BUCKET_NAME = bucket
    settings.AWS_S3_ENDPOINT_URL = endpoint
    settings.AWS_ACCESS_KEY_ID = ACCESS_KEY
    settings.AWS_SECRET_ACCESS_KEY = SECRET_KEY
    settings.AWS_S3_REGION_NAME = REGION
    settings.AWS_DEFAULT_ACL = None
    settings.AWS_S3_FILE_OVERWRITE = False
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {"BACKEND": "storages.backends.s3.S3Storage"},
    }
    try:
        yield client
    finally:
        for key in bucket_keys(client, bucket):
            client.delete_object(Bucket=bucket, Key=key)
        client.delete_bucket(Bucket=bucket)
