"""Builds the catacomb Python package's extension module with CMake (pyproject.toml says what the
package is). The module is built in build/python (kept between builds, and compiled through
ccache like every catacomb build), as a Release build of the library and the module only, for
the Python running this script, then copied into the wheel beside python/catacomb/*.py.

    /usr/bin/python3 -m pip install --no-build-isolation .      (docs/python.md)
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    """The project's version, from CMakeLists.txt's project() (one home)."""
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(catacomb VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = ROOT / "build" / "python"
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCATACOMB_BUILD_TESTS=OFF", "-DCATACOMB_BUILD_CLI=OFF", "-DCATACOMB_INSTALL=OFF",
                     "-DCATACOMB_BUILD_PYTHON=ON", "-DCATACOMB_PYTHON_REQUIRED=ON",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "--build", str(build), "--target", "catacomb_python", "-j", jobs], check=True)
        built = sorted((build / "python" / "catacomb").glob("_catacomb*.so")) + \
            sorted((build / "python" / "catacomb").glob("_catacomb*.pyd"))
        if not built:
            raise RuntimeError(f"catacomb: CMake built no extension module in {build / 'python' / 'catacomb'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(version=version(), ext_modules=[Extension("catacomb._catacomb", sources=[])], cmdclass={"build_ext": CMakeBuild})
