"""Builds the catacomb Python package's extension module with CMake (pyproject.toml says what the
package is). The module is built in build/python (kept between builds, and compiled through
ccache like every catacomb build), as a Release build of the library and the module only, for
the Python running this script, then copied into the wheel beside python/catacomb/*.py.

    /usr/bin/python3 -m pip install --no-build-isolation .      (docs/python.md)

pip shows a build's output only with -v (without it, a spinner): each step is printed as it
starts, and CMake's own progress lines ("[ 42%] Building CXX object ...") as they come, both to
pip's output and to build/python/build.log, which can be followed while a quiet pip runs
(tail -f build/python/build.log). A failed step's last lines go into the error pip shows.
"""
import os
import re
import shutil
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    """The project's version, from CMakeLists.txt's project() (one home)."""
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(catacomb VERSION ([0-9.]+)", text).group(1)


class _Progress:
    """Prints the build's steps and CMake's lines as they come, to stdout (pip -v shows it) and to
    build/python/build.log, and keeps the last lines for the error of a failed step."""

    def __init__(self, log: Path):
        log.parent.mkdir(parents=True, exist_ok=True)
        self.log = open(log, "w", buffering=1)
        self.start = time.monotonic()
        self.tail = deque(maxlen=40)

    def say(self, text: str) -> None:
        line = f"catacomb: [{time.monotonic() - self.start:6.0f} s] {text}"
        print(line, flush=True)
        self.log.write(line + "\n")

    def run(self, what: str, args: list) -> None:
        self.say(f"{what}: {' '.join(args)}")
        with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1) as p:
            for line in p.stdout:
                sys.stdout.write(line)
                sys.stdout.flush()
                self.log.write(line)
                self.tail.append(line)
        if p.returncode != 0:
            raise RuntimeError(f"catacomb: {what} failed (exit {p.returncode}); its last lines:\n" +
                               "".join(self.tail) + f"(the whole output: {self.log.name})")


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = ROOT / "build" / "python"
        progress = _Progress(build / "build.log")
        progress.say(f"building the extension module with CMake in {build}: from nothing about 3 minutes on "
                     "2 idle cores (10 or more when they are shared), seconds when ccache has the objects; "
                     f"follow it with pip install -v, or tail -f {build / 'build.log'}")
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCATACOMB_BUILD_TESTS=OFF", "-DCATACOMB_BUILD_CLI=OFF", "-DCATACOMB_INSTALL=OFF",
                     "-DCATACOMB_BUILD_PYTHON=ON", "-DCATACOMB_PYTHON_REQUIRED=ON",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        progress.run("step 1/3, configuring", configure)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        progress.run(f"step 2/3, compiling the library and the module on {jobs} jobs",
                     ["cmake", "--build", str(build), "--target", "catacomb_python", "-j", jobs])
        built = sorted((build / "python" / "catacomb").glob("_catacomb*.so")) + \
            sorted((build / "python" / "catacomb").glob("_catacomb*.pyd"))
        if not built:
            raise RuntimeError(f"catacomb: CMake built no extension module in {build / 'python' / 'catacomb'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)
        progress.say(f"step 3/3, copied {built[0].name} into the wheel: done")


setup(version=version(), ext_modules=[Extension("catacomb._catacomb", sources=[])], cmdclass={"build_ext": CMakeBuild})
