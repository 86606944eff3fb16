// The Python module's conversions (python/ext/meeple_engine.cpp): a meeple Error
// raised as MeepleError, Python objects to and from JSON, actions as shared
// Python ints. Part of the one translation unit of the module, like the other
// headers here.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/record.h"
#include "games/registry.h"

namespace py = pybind11;
using namespace meeple;

namespace meeple_python {

// Thrown for a meeple Error; translated to MeepleError.
struct Raised {
  Error error;
};

[[noreturn]] inline void raise(Error e) {
  throw Raised{std::move(e)};
}
[[noreturn]] inline void raise(std::string code, std::string message) {
  raise(make_error(std::move(code), std::move(message)));
}
template <class T>
T take(Expected<T> e) {
  if (!e) raise(e.error());
  return std::move(*e);
}
inline void check(const MaybeError& e) {
  if (e) raise(*e);
}

// Python objects to and from JSON. Python's json module is the referee for
// what JSON a dict is: ints stay integers, floats floats.
inline py::object to_py(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return py::none();
    case Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case Json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case Json::value_t::number_float:
      return py::float_(j.get<double>());
    case Json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list l;
      for (const auto& v : j) l.append(to_py(v));
      return l;
    }
    case Json::value_t::object: {
      py::dict d;
      for (const auto& [k, v] : j.items()) d[py::str(k)] = to_py(v);
      return d;
    }
    default:
      return py::none();
  }
}

inline Json to_json(const py::handle& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    try {
      return o.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      return o.cast<std::uint64_t>();
    }
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::dict>(o)) {
    Json j = Json::object();
    for (auto [k, v] : o.cast<py::dict>()) {
      if (!py::isinstance<py::str>(k))
        raise(errc::kMalformedRequest, "JSON object keys are strings");
      j[k.cast<std::string>()] = to_json(v);
    }
    return j;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    Json j = Json::array();
    for (auto v : o) j.push_back(to_json(v));
    return j;
  }
  raise(errc::kMalformedRequest,
        fmt::format("{} is not JSON (give dicts, lists, strings, numbers, booleans or None)",
                    py::str(py::type::of(o)).cast<std::string>()));
}

// A dict, or its JSON text, or a path to a file holding it.
inline Json json_arg(const py::handle& o, const char* code, const char* what) {
  if (!py::isinstance<py::str>(o)) return to_json(o);
  const std::string text = o.cast<std::string>();
  std::string body = text;
  if (!text.empty() && text.front() != '{') {
    std::ifstream in(text);
    if (!in) raise(errc::kIo, fmt::format("cannot read {} {}", what, text));
    std::stringstream ss;
    ss << in.rdbuf();
    body = ss.str();
  }
  try {
    return Json::parse(body);
  } catch (const Json::exception& e) {
    raise(code, fmt::format("{} is not JSON: {}", what, json_error_words(e)));
  }
}

inline std::string check_lang(const std::string& lang) {
  if (lang != "en" && lang != "it" && lang != "ko")
    raise(errc::kMalformedRequest, fmt::format("lang is en, it or ko, not {}", lang));
  return lang;
}

// Python ints for actions, made once: a First Contact seat often has hundreds
// of legal actions, and a list of shared ints is built several times faster
// than one of new ones (the ints are never freed: they live as long as the
// module).
inline PyObject* action_int(Action a) {
  static std::vector<PyObject*> ints;
  if (a < 0 || a >= 1 << 16) return PyLong_FromLong(a);
  if (static_cast<std::size_t>(a) >= ints.size()) {
    const std::size_t from = ints.size();
    ints.resize(static_cast<std::size_t>(a) + 1);
    for (std::size_t i = from; i < ints.size(); ++i)
      ints[i] = PyLong_FromLong(static_cast<long>(i));
  }
  PyObject* o = ints[static_cast<std::size_t>(a)];
  Py_INCREF(o);
  return o;
}

template <class List, class Get>
py::list int_list(const List& l, Get get) {
  py::list out(l.size());
  for (std::size_t i = 0; i < l.size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), action_int(get(l[i])));
  return out;
}

}  // namespace meeple_python
