# SPDX-License-Identifier: MIT
# One source for the version (project(VERSION) in the top-level CMakeLists.txt) and the app id,
# and the install layout (GNUInstallDirs) that the programs find their data in. The header goes to
# <build>/generated/hwversion.h; targets get it by linking hwversion.
include(GNUInstallDirs)

# The reverse-DNS id of the desktop app: the .desktop file's name, the AppStream id, the icon's
# name and QGuiApplication::desktopFileName() all use it.
set(HW_APP_ID io.github.highwater.HighWater)
# Where the project lives (the package's Homepage, the metainfo's links and its screenshots, which
# are the README's images at the release's tag), and who answers for the package.
set(HW_HOMEPAGE https://github.com/highwater/highwater)
set(HW_SCREENSHOT_BASE https://raw.githubusercontent.com/highwater/highwater/v${PROJECT_VERSION}/docs/images)
set(HW_MAINTAINER "HighWater maintainers <maintainers@users.noreply.a-seed-1b26fa1a.example>")

# The translations' directory under the prefix, and the same seen from the programs' directory:
# an installed program (and one in the build tree, which has the same layout) finds the .qm files
# through QCoreApplication::applicationDirPath() and this relative path.
set(HW_TRANSLATIONS_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/highwater/translations)
set(HW_TRANSLATIONS_BUILD_DIR ${PROJECT_BINARY_DIR}/${HW_TRANSLATIONS_INSTALL_DIR})
file(RELATIVE_PATH HW_TRANSLATIONS_FROM_BIN /${CMAKE_INSTALL_BINDIR} /${HW_TRANSLATIONS_INSTALL_DIR})

configure_file(${CMAKE_CURRENT_LIST_DIR}/hwversion.h.in ${PROJECT_BINARY_DIR}/generated/hwversion.h @ONLY)
add_library(hwversion INTERFACE)
target_include_directories(hwversion INTERFACE ${PROJECT_BINARY_DIR}/generated)
