#include <gtest/gtest.h>

#include "core/params.h"

namespace meeple {
namespace {

ParamSchema schema() {
  return {{"edition", ParamType::kEnum, "it", {"it", "en", "ko"}, "rules edition"},
          {"zero_turn", ParamType::kBool, false, {}, "play the zero turn"},
          {"rounds", ParamType::kInt, 3, {1, 9}, "rounds"}};
}

TEST(Params, DefaultsFillIn) {
  auto p = resolve_params(schema(), Json::object());
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)["edition"], "it");
  EXPECT_EQ((*p)["zero_turn"], false);
  EXPECT_EQ((*p)["rounds"], 3);
}

TEST(Params, UnknownAndInvalidAreRefusedWithCodes) {
  auto unknown = resolve_params(schema(), {{"colour", "red"}});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, "params/unknown");
  auto bad_enum = resolve_params(schema(), {{"edition", "fr"}});
  ASSERT_FALSE(bad_enum);
  EXPECT_EQ(bad_enum.error().code, "params/invalid");
  auto out_of_range = resolve_params(schema(), {{"rounds", 10}});
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error().code, "params/invalid");
  auto wrong_type = resolve_params(schema(), {{"zero_turn", "yes"}});
  ASSERT_FALSE(wrong_type);
}

TEST(Params, CommandLineAssignments) {
  auto b = parse_param_assignment(schema(), "zero_turn=on");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->second, true);
  auto i = parse_param_assignment(schema(), "rounds=4");
  ASSERT_TRUE(i);
  EXPECT_EQ(i->second, 4);
  EXPECT_FALSE(parse_param_assignment(schema(), "rounds=four"));
  EXPECT_FALSE(parse_param_assignment(schema(), "rounds"));
  EXPECT_FALSE(parse_param_assignment(schema(), "edition=fr"));
}

}  // namespace
}  // namespace meeple
