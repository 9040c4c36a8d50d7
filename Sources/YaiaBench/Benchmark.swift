import Yaia

/// A named benchmark: `yaia-bench NAME` runs it.
struct Benchmark: Sendable {
  var name: String
  var run: @Sendable () async throws -> [Figure]

  static let all: [Benchmark] = [
    Benchmark(name: "scene", run: { await ShellBenchmark.run() }),
    Benchmark(name: "diff", run: { try DiffBenchmark.run() }),
    Benchmark(name: "sequencer", run: { try await SequencerBenchmark.run() }),
    Benchmark(name: "remote", run: { try await RemoteBenchmark.run() }),
    Benchmark(name: "store", run: { try await StoreBenchmark.run() }),
    Benchmark(name: "mockserver", run: { try await MockServerBenchmark.run() }),
    Benchmark(name: "lint", run: { LintBenchmark.run() }),
    Benchmark(name: "lint-corpus", run: { try LintBenchmark.runCorpus() }),
    Benchmark(name: "inspect", run: { try await InspectorBenchmark.run() }),
  ]
}

/// Runs `body` `repetitions` times and returns the median duration in seconds.
func medianSeconds(repetitions: Int, _ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<repetitions {
    let elapsed = clock.measure(body)
    samples.append(seconds(elapsed))
  }
  samples.sort()
  return samples[samples.count / 2]
}

/// Keeps a value alive so the optimizer cannot remove the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A duration in seconds, as a `Double`.
func seconds(_ duration: Duration) -> Double {
  DurationText.seconds(duration)
}

/// A benchmark that could not measure what it should (a wrong result, a server that did not
/// start): it stops the run rather than print a meaningless figure.
struct BenchmarkFailed: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
