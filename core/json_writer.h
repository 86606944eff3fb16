// A JSON writer that appends compact text to a string, with no tree in
// between: for views built on a hot path (the server builds one per
// observer after every action). What it writes is byte for byte what
// Json::dump() (nlohmann, compact, UTF-8 kept as is) writes for the same
// value, provided the caller writes each object's keys in ascending byte
// order, as nlohmann's objects (std::map) keep them; debug builds assert
// that order. Given a JsonTape, it also records where each value lies in
// the text as it writes it (core/json_tape.h).
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/json_tape.h"
#include "core/params.h"

namespace meeple {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}
  // Writes to the end of `out` and records every value it writes in `tape`
  // (positions in `out`): one value in all, as a view is.
  JsonWriter(std::string& out, JsonTape& tape) : out_(out), tape_(&tape) {
    tape.start(out.capacity() / 8);  // views run about one value per 10 bytes
  }

  JsonWriter& begin_object() {
    opening('{');
    if (tape_) tape_->open(JsonTape::Kind::kObject, out_.size() - 1);
    first_ = true;
#ifndef NDEBUG
    keys_.emplace_back();
#endif
    return *this;
  }
  JsonWriter& end_object() {
    out_ += '}';
    if (tape_) tape_->close(out_.size());
    first_ = false;
#ifndef NDEBUG
    keys_.pop_back();
#endif
    return *this;
  }
  JsonWriter& begin_array() {
    opening('[');
    if (tape_) tape_->open(JsonTape::Kind::kArray, out_.size() - 1);
    first_ = true;
#ifndef NDEBUG
    keys_.emplace_back();
#endif
    return *this;
  }
  JsonWriter& end_array() {
    out_ += ']';
    if (tape_) tape_->close(out_.size());
    first_ = false;
#ifndef NDEBUG
    keys_.pop_back();
#endif
    return *this;
  }
  // The next member's key; the value follows.
  JsonWriter& key(std::string_view k) {
#ifndef NDEBUG
    if (!keys_.empty()) {
      if (!keys_.back().empty() && !(keys_.back() < k)) key_order_error(k);
      keys_.back() = k;
    }
#endif
    // The usual key is short, with nothing to escape. `begin`: where the key
    // starts, inside its quotes.
    std::size_t begin;
    if (k.size() <= kShort && plain(k)) {
      Piece p(first_);
      p.put('"');
      p.put(k);
      p.put("\":");
      p.to(out_);
      begin = out_.size() - 2 - k.size();
    } else {
      comma();
      begin = out_.size() + 1;
      string_body(k);
      out_ += ':';
    }
    if (tape_) tape_->key(begin, out_.size() - 2);
    first_ = true;
    return *this;
  }

  JsonWriter& null() {
    Piece p(first_);
    p.put("null");
    p.to(out_);
    first_ = false;
    leaf(JsonTape::Kind::kScalar, 4);
    return *this;
  }
  JsonWriter& value(std::nullptr_t) {
    return null();
  }
  JsonWriter& value(bool b) {
    Piece p(first_);
    p.put(b ? std::string_view("true") : std::string_view("false"));
    p.to(out_);
    first_ = false;
    leaf(JsonTape::Kind::kScalar, b ? 4 : 5);
    return *this;
  }
  template <class I>
  requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) JsonWriter& value(I i) {
    Piece p(first_);
    const std::size_t size = p.put(static_cast<long long>(i));
    p.to(out_);
    first_ = false;
    leaf(JsonTape::Kind::kScalar, size);
    return *this;
  }
  JsonWriter& value(std::string_view s) {
    std::size_t begin;
    if (s.size() <= kShort && plain(s)) {
      Piece p(first_);
      p.put('"');
      p.put(s);
      p.put('"');
      p.to(out_);
      first_ = false;
      begin = out_.size() - 2 - s.size();
    } else {
      comma();
      begin = out_.size();
      string_body(s);
    }
    if (tape_) tape_->leaf(JsonTape::Kind::kString, begin, out_.size());
    return *this;
  }
  JsonWriter& value(const char* s) {
    return value(std::string_view(s));
  }
  JsonWriter& value(const std::string& s) {
    return value(std::string_view(s));
  }
  // Any other value through nlohmann (doubles, nested JSON).
  JsonWriter& value(const Json& j) {
    comma();
    const std::size_t begin = out_.size();
    out_ += j.dump();
    if (tape_) tape_->value_at(out_, begin);
    return *this;
  }
  // A value already written as text (as dump() writes it), with the tape of
  // that text alone: copied, its tape nodes with it, where value(Json) would
  // write it again and read it back.
  JsonWriter& copy(std::string_view text, const JsonTape& tape) {
    comma();
    const std::size_t begin = out_.size();
    out_.append(text);
    if (tape_) tape_->splice(tape, begin);
    return *this;
  }
  // An integer, or null when it equals `none`.
  template <class I>
  JsonWriter& value_or_null(I i, I none) {
    return i == none ? null() : value(i);
  }
  // A member: key and value.
  template <class V>
  JsonWriter& field(std::string_view k, const V& v) {
    return key(k).value(v);
  }

  // Appends `s` as a JSON string as nlohmann's dump does: quotes, backslash
  // and control characters escaped (\u00xx in lower-case hex when there is no
  // short form), everything else, UTF-8 included, as is.
  static bool plain(std::string_view s) {
    for (char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c < 0x20 || c == '"' || c == '\\') return false;
    }
    return true;
  }
  static void append_string(std::string& out, std::string_view s) {
    out += '"';
    std::size_t run = 0;  // start of the bytes not yet copied
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out.append(s.data() + run, i - run);
      run = i + 1;
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default: {
          static constexpr char kHex[] = "0123456789abcdef";
          const char u[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
          out.append(u, sizeof u);
        }
      }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
  }

 private:
  // Keys and strings up to this long are written as one piece.
  static constexpr std::size_t kShort = 48;
  // A small run of text (the comma before a value, the value) put together
  // on the stack and appended in one call: each append to a std::string is a
  // call and a capacity check, and a view is thousands of small pieces.
  class Piece {
   public:
    explicit Piece(bool first) {
      if (!first) buf_[n_++] = ',';
    }
    void put(char c) { buf_[n_++] = c; }
    void put(std::string_view s) {
      std::memcpy(buf_ + n_, s.data(), s.size());
      n_ += s.size();
    }
    // An integer; returns its length.
    std::size_t put(long long i) {
      const auto r = std::to_chars(buf_ + n_, buf_ + sizeof buf_, i);
      const auto size = static_cast<std::size_t>(r.ptr - (buf_ + n_));
      n_ += size;
      return size;
    }
    void to(std::string& out) const { out.append(buf_, n_); }

   private:
    char buf_[kShort + 8];  // a comma, two quotes, a colon: kShort + 4 at most
    std::size_t n_ = 0;
  };

  void comma() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  // The comma if one is due, and a container's opening bracket.
  void opening(char bracket) {
    if (first_) {
      out_ += bracket;
    } else {
      const char two[] = {',', bracket};
      out_.append(two, 2);
    }
  }
  void string_body(std::string_view s) {
    append_string(out_, s);
  }
  // The scalar of `size` bytes just written, on the tape.
  void leaf(JsonTape::Kind kind, std::size_t size) {
    if (tape_) tape_->leaf(kind, out_.size() - size, out_.size());
  }
#ifndef NDEBUG
  [[noreturn]] static void key_order_error(std::string_view k) {
    std::fprintf(stderr, "JsonWriter: key '%.*s' out of ascending order\n",
                 static_cast<int>(k.size()), k.data());
    std::abort();
  }
  std::vector<std::string> keys_;  // per open object: its last key
#endif

  std::string& out_;
  JsonTape* tape_ = nullptr;
  bool first_ = true;  // nothing written yet at this level (or just after a key)
};

// view(seat) of a game that writes its view as text (write_view): that text
// parsed, so that the view has one definition.
template <class State, class Seat>
Json parsed_view(const State& state, Seat seat) {
  std::string text;
  JsonWriter w(text);
  state.write_view(seat, w);
  return Json::parse(text);
}

}  // namespace meeple
