"""Writing a wheel (PEP 427 / the binary distribution format): a zip of the
package's files and its .dist-info folder, whose RECORD lists every file
with its sha256 (urlsafe base64, unpadded) and size."""

import base64
import hashlib
import zipfile


def _digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class WheelFile:
    """wheel = WheelFile(path, dist_info); wheel.add(name, bytes, executable); wheel.close()
    (close writes RECORD last)."""

    def __init__(self, path, dist_info):
        self._zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self._record_name = f"{dist_info}/RECORD"
        self._records = []

    def add(self, name, data, executable=False):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
        info.external_attr = (0o755 if executable else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self._zip.writestr(info, data)
        self._records.append(f"{name},sha256={_digest(data)},{len(data)}")

    def close(self):
        lines = self._records + [f"{self._record_name},,"]
        info = zipfile.ZipInfo(self._record_name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, "\n".join(lines) + "\n")
        self._zip.close()
