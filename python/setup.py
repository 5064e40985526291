"""Builds the package `loa` without CMake: `pip install --no-build-isolation
./python` (or `cd python && python3 setup.py build_ext --inplace`) with
Debian's python3-dev, python3-numpy, python3-setuptools and a C compiler,
no network. The extension is compiled together with the SDK's sources
(../sdk/src, their list read from sdk/CMakeLists.txt so it is typed once)
and the tables that sdk/tools/gen_tables.c writes at build time."""
import os
import re
import shutil
import subprocess

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
SDK = os.path.join(HERE, "..", "sdk")


def sdk_sources():
    """The `loa` library's sources, as sdk/CMakeLists.txt lists them."""
    with open(os.path.join(SDK, "CMakeLists.txt")) as f:
        block = re.search(r"add_library\(loa\s(.*?)\$\{LOA_TABLES_C\}", f.read(), re.S)
    if not block:
        raise RuntimeError("sdk/CMakeLists.txt: the add_library(loa ...) source list is not found")
    return re.findall(r"src/\w+\.c", block.group(1))


class BuildWithTables(build_ext):
    """Copies the SDK into the build directory, builds and runs its table
    generator there, and compiles the extension with the SDK and tables."""

    def run(self):
        if not os.path.isdir(SDK):
            raise RuntimeError("the SDK (../sdk) is not beside python/: build from the "
                               "loa-arena tree (pip 21.3 or later builds in place)")
        tmp = os.path.abspath(os.path.join(self.build_temp, "loa_sdk"))
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(SDK, tmp)
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler
        cc = new_compiler()
        customize_compiler(cc)
        src = os.path.join(tmp, "src")
        objs = cc.compile([os.path.join(tmp, "tools", "gen_tables.c"),
                           os.path.join(src, "tables_fill.c")],
                          output_dir=os.path.join(tmp, "obj"), include_dirs=[src],
                          extra_preargs=["-std=c17", "-O2"])
        gen = os.path.join(tmp, "gen_tables")
        cc.link_executable(objs, gen)
        tables = os.path.join(tmp, "loa_tables.c")
        subprocess.run([gen, tables], check=True)
        for ext in self.extensions:
            ext.sources += [os.path.join(tmp, s) for s in sdk_sources()] + [tables]
            ext.include_dirs += [os.path.join(tmp, "include"), src]
        super().run()


setup(
    name="loa",
    version="0.1.0",
    description="Lines of Action with CodinGame's rules: the loa-arena SDK from Python",
    packages=["loa"],
    package_data={"loa": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("loa._loa", sources=["src/module.c", "src/board.c", "src/batch.c", "src/rng.c",
                                                  "src/values.c", "src/numpy_api.c"],
                           include_dirs=[numpy.get_include()],
                           define_macros=[("_GNU_SOURCE", None)],
                           extra_compile_args=["-std=c17", "-O2"])],
    cmdclass={"build_ext": BuildWithTables},
    python_requires=">=3.9",
)
