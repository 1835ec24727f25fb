# `cpack -G DEB` in a build tree makes build/.../package/ibatlas_VERSION_ARCH.deb from the
# install rules (cmake/ibatlas_install.cmake), without building anything (the tree must be
# built). Depends comes from dpkg-shlibdeps on the program (rdma-core, Graphviz, libcrypto,
# libstdc++ ...); binaries are stripped, so a Debug tree makes a small package too.
set(CPACK_PACKAGE_NAME ibatlas)
set(CPACK_PACKAGE_VENDOR "ibatlas")
set(CPACK_PACKAGE_CONTACT "ibatlas maintainers <ibatlas@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "map and audit InfiniBand fabrics")
set(CPACK_PACKAGE_DESCRIPTION
    "ibatlas discovers InfiniBand fabrics (live, or from the dumps infiniband-diags, opensm
and ibdiagnet write), audits links, cabling plans and routing tables, diffs snapshots over
time, and renders maps. Includes bash and zsh completions and a systemd timer for a
periodic snapshot and audit (not enabled).")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "opensm, infiniband-diags")
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# /etc/ibatlas/ibatlas.conf is the site's once installed: dpkg keeps its changes on upgrade.
file(WRITE ${CMAKE_BINARY_DIR}/dist/conffiles "/etc/ibatlas/ibatlas.conf\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/dist/conffiles)
include(CPack)
