# meeple_game_tests(DIR): the test executable meeple_<DIR>_tests of one game,
# from games/<DIR>/tests/*.cpp and the game's bot tests in bots/<DIR>/tests/
# (bot tests live with the bots: bots/ may use games, not the reverse).
function(meeple_game_tests dir)
  if(NOT MEEPLE_TESTS)
    return()
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/*.cpp
       ${PROJECT_SOURCE_DIR}/bots/${dir}/tests/*.cpp)
  add_executable(meeple_${dir}_tests ${sources})
  target_link_libraries(meeple_${dir}_tests PRIVATE meeple_game_${dir} meeple_bots GTest::gtest_main)
  gtest_discover_tests(meeple_${dir}_tests DISCOVERY_TIMEOUT 60)
endfunction()
