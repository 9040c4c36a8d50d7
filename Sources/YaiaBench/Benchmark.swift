import YaiaBenchSupport

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
    Benchmark(name: "inspect", run: { try await InspectorBenchmark.run() }),
    Benchmark(name: "json", run: { try JSONBenchmark.run() }),
  ]
}
