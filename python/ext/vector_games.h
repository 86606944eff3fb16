// The Python module's batched games (python/ext/meeple_engine.cpp, docs/python.md
// "Batched games"): VectorGames and the worker threads that step them.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "python/ext/state.h"

namespace meeple_python {

// Runs fn(chunk) for chunks 0 to size()-1 at once, one per thread (the
// caller's thread takes chunk 0); the threads wait between runs, so a step
// pays a wake-up, not a thread's start. Used with the GIL released: fn
// touches no Python object.
class Workers {
 public:
  explicit Workers(int threads) {
    for (int t = 1; t < threads; ++t) threads_.emplace_back([this, t] { loop(t); });
  }
  ~Workers() {
    {
      std::lock_guard lock(m_);
      stop_ = true;
      ++generation_;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  int size() const { return static_cast<int>(threads_.size()) + 1; }

  void run(const std::function<void(int)>& fn) {
    if (threads_.empty()) return fn(0);
    {
      std::lock_guard lock(m_);
      job_ = &fn;
      pending_ = threads_.size();
      ++generation_;
    }
    wake_.notify_all();
    fn(0);
    std::unique_lock lock(m_);
    done_.wait(lock, [&] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  void loop(int t) {
    std::uint64_t seen = 0;
    for (;;) {
      const std::function<void(int)>* job;
      {
        std::unique_lock lock(m_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        if (stop_) return;
        job = job_;
      }
      (*job)(t);
      std::lock_guard lock(m_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex m_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* job_ = nullptr;
  std::size_t pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

// N games of one game stepped together, as EnvPool steps Atari games
// (docs/python.md, "Batched games"). Each game ("slot") decides one seat at
// a time: the lowest seat to act (where several seats decide at once, each
// in turn; the state holds a choice hidden until all are in, and a seat's
// observation shows only its view). Chance is drawn inside, after every
// action, from the slot's game's seed as new_initial_state(seed) draws it.
// A game that ends reports its returns on that step and the slot starts its
// next game at once. Slot i's games take the seeds Rng(seed, i) gives in
// turn, so a slot's games depend on the seed and i only: the same whatever
// the number of threads, which only share the slots out.
//
// The outputs are numpy arrays made once and overwritten by every step (no
// allocation a step); every step returns the same arrays.
class VectorGames {
 public:
  VectorGames(const PyGame& game, int num_games, std::uint64_t seed, int threads, bool observations)
      : game_(&game.game()),
        start_(take(game.game().new_game(game_params(game), game.num_players()))),
        n_(num_games),
        players_(game.num_players()),
        actions_(start_.num_distinct_actions()),
        obs_size_(start_.observation_shape().empty() ? 0 : start_.observation_shape()[0]),
        seed_(seed),
        observations_(observations),
        workers_(checked_threads(threads)) {
    if (num_games < 1) raise(errc::kMalformedRequest, "num_games is at least 1");
    const auto n = static_cast<py::ssize_t>(n_);
    obs_ = py::array_t<float>({n, static_cast<py::ssize_t>(obs_size_)});
    mask_ = py::array_t<bool>({n, static_cast<py::ssize_t>(actions_)});
    rewards_ = py::array_t<float>({n, static_cast<py::ssize_t>(players_)});
    done_ = py::array_t<bool>(n);
    seat_ = py::array_t<std::int32_t>(n);
    seeds_ = py::array_t<std::uint64_t>(n);
    sampled_ = py::array_t<std::int32_t>(n);
    chosen_.resize(static_cast<std::size_t>(n_));
    scratch_.resize(static_cast<std::size_t>(workers_.size()));
    for (auto& s : scratch_) s = std::make_unique<Scratch>();
    slots_.reserve(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) slots_.push_back(Slot{start_, Rng(), Rng(), Rng()});
    reset();
  }

  // Every slot from its first game again (the seeds of the start).
  py::tuple reset() {
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        Slot& sl = slots_[static_cast<std::size_t>(i)];
        sl.seeder = Rng(seed_, static_cast<std::uint64_t>(i));
        clear_step(i);
        start_game(sl, i);
        settle(sl, sc, i);
        write_outputs(sl, sc, i);
      });
      masks_valid_ = true;
    }
    return outputs();
  }

  // One action per slot, for the seat each is asked for (seats()): checked
  // against the legal masks before any is applied, so a refused batch
  // changes nothing.
  py::tuple step(const py::array& actions) {
    read_actions(actions);
    refresh_masks();
    const bool* mask = mask_.data();
    for (int i = 0; i < n_; ++i) {
      const std::int64_t a = chosen_[static_cast<std::size_t>(i)];
      if (a < 0 || a >= actions_ || !mask[static_cast<std::size_t>(i) * actions_ + a])
        raise(errc::kIllegal,
              fmt::format("game {}: {} is not a legal action of seat {} (legal_masks[{}] has "
                          "them); no game was stepped",
                          i, a, seat_.data()[i], i));
    }
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        Slot& sl = slots_[static_cast<std::size_t>(i)];
        clear_step(i);
        sl.state.apply_unchecked(seat_ptr()[i],
                                 static_cast<Action>(chosen_[static_cast<std::size_t>(i)]));
        ++sc.decisions;
        settle(sl, sc, i);
        write_outputs(sl, sc, i);
      });
      collect();
    }
    return outputs();
  }

  // A legal action for each slot's seat, uniformly at random from the
  // slot's own generator (primary: leaving out free edits such as First
  // Contact's note pad, as `meeple bench` plays): vg.step(vg.sample_actions())
  // is random play.
  py::array_t<std::int32_t> sample_actions(bool primary) {
    {
      py::gil_scoped_release nogil;
      std::int32_t* out = sampled_.mutable_data();
      for_chunks([&](int i, Scratch& sc) {
        out[i] = pick(slots_[static_cast<std::size_t>(i)], sc, primary);
      });
    }
    return sampled_;
  }

  // `steps` steps of random play (sample_actions and step) inside C++, one
  // call from Python; the outputs are those of the last step (rewards and
  // done of earlier steps are counted in games_finished only). Without
  // observe, observations and masks are not written (they are made before
  // the next step() needs them). The number of decisions applied.
  long step_random(int steps, bool primary, bool observe) {
    if (steps < 0) raise(errc::kMalformedRequest, "steps is at least 0");
    const long before = decisions_;
    py::gil_scoped_release nogil;
    const bool write = observe;
    for_chunks([&](int i, Scratch& sc) {
      Slot& sl = slots_[static_cast<std::size_t>(i)];
      for (int k = 0; k < steps; ++k) {
        clear_step(i);
        sl.state.apply_unchecked(seat_ptr()[i], pick(sl, sc, primary));
        ++sc.decisions;
        settle(sl, sc, i);
      }
      if (write) write_outputs(sl, sc, i);
    });
    if (steps > 0) masks_valid_ = write;
    collect();
    return decisions_ - before;
  }

  // The observations and masks of every slot's seat now (reset and step
  // write them already; this is for a VectorGames made without them, or to
  // time the tensors alone).
  py::tuple observe(bool masks) {
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        write_outputs(slots_[static_cast<std::size_t>(i)], sc, i, true, masks);
      });
      if (masks) masks_valid_ = true;
    }
    return py::make_tuple(obs_, mask_);
  }

  // A copy of slot i's game now (chance drawn on from the slot's generator).
  PyState state(int i) const {
    if (i < 0 || i >= n_)
      raise(errc::kMalformedRequest, fmt::format("game {} is not one of 0 to {}", i, n_ - 1));
    const Slot& sl = slots_[static_cast<std::size_t>(i)];
    GameRecord r;
    r.game = std::string(game_->name());
    r.players = players_;
    return PyState(game_, sl.state, std::move(r), false, sl.chance);
  }

  int num_games() const { return n_; }
  int num_players() const { return players_; }
  int num_distinct_actions() const { return actions_; }
  std::vector<int> observation_shape() const {
    return obs_size_ ? std::vector<int>{obs_size_} : std::vector<int>{};
  }
  int threads() const { return workers_.size(); }
  long decisions() const { return decisions_; }
  long chance_actions() const { return chance_actions_; }
  long games_finished() const { return games_finished_; }
  py::array_t<float> observations() {
    refresh_masks();
    return obs_;
  }
  py::array_t<bool> masks() {
    refresh_masks();
    return mask_;
  }
  py::array_t<float> rewards() const { return rewards_; }
  py::array_t<bool> done() const { return done_; }
  py::array_t<std::int32_t> seats() const { return seat_; }
  py::array_t<std::uint64_t> seeds() const { return seeds_; }

 private:
  struct Slot {
    AnyState state;
    Rng seeder, chance, pick;
  };
  // A thread's lists (kept: an ActionList is 4 KB and zeroed when made) and
  // counts, summed after each run.
  struct Scratch {
    ActionList legal;
    ChanceList outcomes;
    long decisions = 0, chance_actions = 0, games_finished = 0;
  };

  static Json game_params(const PyGame& g) { return to_json(g.parameters()); }
  static int checked_threads(int threads) {
    if (threads < 1 || threads > 256)
      raise(errc::kMalformedRequest, fmt::format("threads is 1 to 256, not {}", threads));
    return threads;
  }

  std::int32_t* seat_ptr() { return seat_.mutable_data(); }

  template <class Fn>
  void for_chunks(Fn fn) {
    const int parts = workers_.size();
    const std::function<void(int)> job = [&](int t) {
      Scratch& sc = *scratch_[static_cast<std::size_t>(t)];
      const int from = static_cast<int>(static_cast<long>(n_) * t / parts);
      const int to = static_cast<int>(static_cast<long>(n_) * (t + 1) / parts);
      for (int i = from; i < to; ++i) fn(i, sc);
    };
    workers_.run(job);
  }

  void collect() {
    for (auto& s : scratch_) {
      decisions_ += s->decisions;
      chance_actions_ += s->chance_actions;
      games_finished_ += s->games_finished;
      s->decisions = s->chance_actions = s->games_finished = 0;
    }
  }

  void start_game(Slot& sl, int i) {
    const std::uint64_t seed = sl.seeder.next_u64();
    seeds_.mutable_data()[i] = seed;
    sl.chance = chance_rng(seed);
    sl.pick = Rng(seed, 0x7069636bULL);
    sl.state.assign_same_game(start_);
  }

  void clear_step(int i) {
    float* r = rewards_.mutable_data() + static_cast<std::size_t>(i) * players_;
    std::fill(r, r + players_, 0.0f);
    done_.mutable_data()[i] = false;
  }

  // Chance drawn until a seat decides; a game that ended reports its
  // returns (1 for each winner) and the slot's next game begins.
  void settle(Slot& sl, Scratch& sc, int i) {
    for (;;) {
      while (!sl.state.is_terminal() && sl.state.is_chance()) {
        sc.outcomes.clear();
        sl.state.impl().chance_outcomes(sc.outcomes);
        sl.state.apply_unchecked(kChance, meeple::sample_chance(sc.outcomes, sl.chance));
        ++sc.chance_actions;
      }
      if (!sl.state.is_terminal()) break;
      const GameResult result = sl.state.result();
      float* r = rewards_.mutable_data() + static_cast<std::size_t>(i) * players_;
      for (int p = 0; p < players_; ++p) r[p] = result.winners.contains(p) ? 1.0f : 0.0f;
      done_.mutable_data()[i] = true;
      ++sc.games_finished;
      start_game(sl, i);
    }
    seat_ptr()[i] = sl.state.to_act().lowest();
  }

  void write_outputs(const Slot& sl, Scratch& sc, int i, bool observe_anyway = false,
                     bool masks = true) {
    const Seat seat = seat_.data()[i];
    if ((observations_ || observe_anyway) && obs_size_ > 0)
      sl.state.impl().observation(
          seat, std::span<float>(obs_.mutable_data() + static_cast<std::size_t>(i) * obs_size_,
                                 static_cast<std::size_t>(obs_size_)));
    if (!masks) return;
    bool* m = mask_.mutable_data() + static_cast<std::size_t>(i) * actions_;
    std::fill(m, m + actions_, false);
    sc.legal.clear();
    sl.state.impl().legal_actions(seat, sc.legal);
    for (Action a : sc.legal) m[a] = true;
  }

  void refresh_masks() {
    if (masks_valid_) return;
    py::gil_scoped_release nogil;
    for_chunks([&](int i, Scratch& sc) {
      const Slot& sl = slots_[static_cast<std::size_t>(i)];
      bool* m = mask_.mutable_data() + static_cast<std::size_t>(i) * actions_;
      std::fill(m, m + actions_, false);
      sc.legal.clear();
      sl.state.impl().legal_actions(seat_.data()[i], sc.legal);
      for (Action a : sc.legal) m[a] = true;
      if (observations_ && obs_size_ > 0)
        sl.state.impl().observation(
            seat_.data()[i],
            std::span<float>(obs_.mutable_data() + static_cast<std::size_t>(i) * obs_size_,
                             static_cast<std::size_t>(obs_size_)));
    });
    masks_valid_ = true;
  }

  Action pick(Slot& sl, Scratch& sc, bool primary) {
    const Seat seat = seat_.data()[&sl - slots_.data()];
    sc.legal.clear();
    if (primary)
      sl.state.impl().primary_actions(seat, sc.legal);
    else
      sl.state.impl().legal_actions(seat, sc.legal);
    return sc.legal[sl.pick.below(static_cast<std::uint32_t>(sc.legal.size()))];
  }

  // The actions as ints, read from a numpy array of any integer type
  // without converting it (int32 and int64 as they are).
  void read_actions(const py::array& a) {
    if (a.ndim() != 1 || a.shape(0) != n_)
      raise(errc::kMalformedRequest,
            fmt::format("actions is a 1-dimensional integer array of {} (one per game)", n_));
    const char kind = a.dtype().kind();
    if (kind != 'i' && kind != 'u')
      raise(errc::kMalformedRequest, fmt::format("actions are integers, not of dtype {}",
                                                 py::str(a.dtype()).cast<std::string>()));
    const auto* base = static_cast<const char*>(a.data());
    const py::ssize_t stride = a.strides(0);
    const py::ssize_t size = a.itemsize();
    for (int i = 0; i < n_; ++i) {
      const char* p = base + stride * i;
      std::int64_t v = 0;
      switch (size) {
        case 1:
          v = kind == 'i' ? *reinterpret_cast<const std::int8_t*>(p)
                          : *reinterpret_cast<const std::uint8_t*>(p);
          break;
        case 2:
          v = kind == 'i' ? *reinterpret_cast<const std::int16_t*>(p)
                          : *reinterpret_cast<const std::uint16_t*>(p);
          break;
        case 4:
          v = kind == 'i' ? *reinterpret_cast<const std::int32_t*>(p)
                          : *reinterpret_cast<const std::uint32_t*>(p);
          break;
        default: {
          std::int64_t x;
          std::memcpy(&x, p, 8);
          v = x;
        }
      }
      chosen_[static_cast<std::size_t>(i)] = v;
    }
  }

  py::tuple outputs() { return py::make_tuple(obs_, mask_, rewards_, done_, seat_); }

  const AnyGame* game_;
  AnyState start_;
  int n_, players_, actions_, obs_size_;
  std::uint64_t seed_;
  bool observations_;
  bool masks_valid_ = false;
  Workers workers_;
  std::vector<Slot> slots_;
  std::vector<std::unique_ptr<Scratch>> scratch_;
  std::vector<std::int64_t> chosen_;
  py::array_t<float> obs_, rewards_;
  py::array_t<bool> mask_, done_;
  py::array_t<std::int32_t> seat_, sampled_;
  py::array_t<std::uint64_t> seeds_;
  long decisions_ = 0, chance_actions_ = 0, games_finished_ = 0;
};

}  // namespace meeple_python
