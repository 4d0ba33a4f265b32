# The one-way include order of HighWater's components (docs/ARCHITECTURE.md, "The map").
#
#   cmake -DROOT=<source dir> -P check_includes.cmake
#
# Reads every .h and .cpp under ROOT/core, ROOT/ui, ROOT/app, ROOT/wire, ROOT/live and ROOT/realkafka and checks each #include "part/file.h"
# against the table below: a component may include its own headers and those of the components it
# builds on, nothing else. Fails (with every wrong include listed as file:line) on a wrong-way include,
# on an include that names no component, and on a Qt header in core/.

cmake_minimum_required(VERSION 3.25)

if(NOT ROOT)
    message(FATAL_ERROR "usage: cmake -DROOT=<source dir> -P check_includes.cmake")
endif()

# core/<component>: the components it may include, lowest first.
set(core_log "")
set(core_model log)
set(core_sim log model)
set(core_controller log model sim)
set(core_broker log model sim)
set(core_groups log model sim controller broker)
set(core_clients log model sim controller broker groups)
set(core_engine log model sim controller broker groups clients)
set(core_timeline log model sim controller broker groups clients engine)
set(core_scenario log model sim controller broker groups clients engine timeline)
set(core_check log model sim controller broker groups clients engine timeline scenario)
set(core_components log model sim controller broker groups clients engine timeline scenario check)

# ui/<part>: the ui parts it may include (every ui part may include any core component). Only app/
# includes shell/. control/ may also include realkafka/: View > Compare with real Kafka runs a real
# cluster (control/realcompare.*); and live/: File > Live lab serves the open session
# (control/livesession.*).
set(ui_base "")
set(ui_scene base)
set(ui_control base scene realkafka live)
set(ui_panels base scene control)
set(ui_export base scene control)
set(ui_teaching base scene control panels)
set(ui_shell base scene control panels export teaching)
set(ui_parts base scene control panels export teaching shell)

# wire/ (the Kafka protocol codec) stands alone; live/ (the live lab's server) and realkafka/ (real Kafka
# beside the simulation) use the engine and the codec; app/ may use all of them. Like core/, none of them
# includes Qt.
set(wire_allowed wire)
set(live_allowed ${core_components} wire live)
set(realkafka_allowed ${core_components} wire realkafka)

set(problems "")
set(checked 0)
foreach(area core ui app wire live realkafka)
    file(GLOB_RECURSE sources LIST_DIRECTORIES false RELATIVE ${ROOT} ${ROOT}/${area}/*.h ${ROOT}/${area}/*.cpp)
    foreach(source IN LISTS sources)
        string(REPLACE "/" ";" parts "${source}")
        list(LENGTH parts depth)
        if(area STREQUAL "app")
            set(own "")
            set(allowed ${core_components} ${ui_parts} wire live realkafka)
        elseif(area STREQUAL "wire" OR area STREQUAL "live" OR area STREQUAL "realkafka")
            set(own "")
            set(allowed ${${area}_allowed})
        else()
            if(depth LESS 3)
                list(APPEND problems "${source}: not inside a component directory of ${area}/")
                continue()
            endif()
            list(GET parts 1 own)
            if(area STREQUAL "core")
                if(NOT own IN_LIST core_components)
                    list(APPEND problems "${source}: core/${own} is not a component in the include order")
                    continue()
                endif()
                set(allowed ${core_${own}} ${own})
            else()
                if(NOT own IN_LIST ui_parts)
                    list(APPEND problems "${source}: ui/${own} is not a part in the include order")
                    continue()
                endif()
                set(allowed ${core_components} ${ui_${own}} ${own})
            endif()
        endif()
        file(STRINGS ${ROOT}/${source} lines)
        set(number 0)
        foreach(line IN LISTS lines)
            math(EXPR number "${number} + 1")
            if((area STREQUAL "core" OR area STREQUAL "wire" OR area STREQUAL "live" OR area STREQUAL "realkafka")
               AND line MATCHES "^[ \t]*#[ \t]*include[ \t]*<Q")
                list(APPEND problems "${source}:${number}: a Qt header in ${area}/")
            endif()
            if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
                continue()
            endif()
            set(target "${CMAKE_MATCH_1}")
            math(EXPR checked "${checked} + 1")
            string(FIND "${target}" "/" slash)
            if(slash LESS 1)
                # Generated headers beside the build (hwversion.h, ui_*.h) name no component.
                if(target MATCHES "^(hwversion\\.h|ui_.*\\.h|.*_autogen.*)$")
                    continue()
                endif()
                # app/ is one directory: its files include each other by name.
                if(area STREQUAL "app" AND EXISTS ${ROOT}/app/${target})
                    continue()
                endif()
                list(APPEND problems "${source}:${number}: \"${target}\" names no component (write \"part/${target}\")")
                continue()
            endif()
            string(SUBSTRING "${target}" 0 ${slash} component)
            if(NOT component IN_LIST allowed)
                if(own STREQUAL "")
                    set(who "${area}/")
                else()
                    set(who "${area}/${own}")
                endif()
                list(APPEND problems "${source}:${number}: ${who} may not include \"${target}\" (the include order is in tests/architecture/check_includes.cmake)")
            endif()
        endforeach()
    endforeach()
endforeach()

if(problems)
    list(JOIN problems "\n" text)
    message(FATAL_ERROR "wrong-way includes:\n${text}")
endif()
message(STATUS "include order: ${checked} includes checked, all one way")
