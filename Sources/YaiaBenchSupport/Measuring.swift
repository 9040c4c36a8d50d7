import Yaia

/// Runs `body` `repetitions` times and returns the median duration in seconds.
package func medianSeconds(repetitions: Int, _ body: () -> Void) -> Double {
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
package func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A duration in seconds, as a `Double`.
package func seconds(_ duration: Duration) -> Double {
  DurationText.seconds(duration)
}

/// A benchmark that could not measure what it should (a wrong result, a server that did not
/// start): it stops the run rather than print a meaningless figure.
package struct BenchmarkFailed: Error, CustomStringConvertible {
  /// What the benchmark could not measure, and why.
  package let description: String

  /// A failure saying `description`.
  package init(_ description: String) {
    self.description = description
  }
}
