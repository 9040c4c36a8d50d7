import Foundation
import YaiaBenchSupport
import YaiaMockServer
import YaiaOpenAPI

/// Descriptions a team holds (its own backend's, or a public API's it downloaded), named
/// with `--description FILE`: each read, sampled, routed and checked as the mock server
/// would, with the time and memory it takes. Nothing is fetched: the files are the team's.
///
/// Per description: its operations; the time to read it and the memory reading holds at its
/// peak; how many generated samples break their own schema (each is an answer an app decoding
/// into a generated model would fail on); how many operations its routes answer when asked
/// for their own path; and how many requests missing a required parameter or body are
/// refused naming it.
enum DescriptionBenchmark {
  static func run(_ paths: [String], showProblems: Bool = false) throws -> [Figure] {
    var figures: [Figure] = []
    for path in paths {
      let url = URL(fileURLWithPath: path)
      let name = Self.name(of: url)
      var document: OpenAPIDocument?
      var failure: OpenAPIError?
      let peak = ResidentMemory.peakGrowthMB {
        do throws(OpenAPIError) {
          document = try OpenAPIDocument.load(from: url)
        } catch {
          failure = error
        }
      }
      guard let document else {
        throw BenchmarkFailed("\(path) did not read: \(String(describing: failure))")
      }
      let load = medianSeconds(repetitions: 3) {
        blackHole(try? OpenAPIDocument.load(from: url))
      }
      let samples = Self.brokenSamples(document)
      if showProblems {
        for problem in samples.broken { print("\(name): sample breaks its schema: \(problem)") }
      }
      let served = Self.served(document)
      let refused = Self.refusals(document)
      figures += [
        Figure(
          name: "description.\(name).operations", value: Double(document.operations.count),
          unit: "ops", label: "\(document.version), \(Self.megabytes(url)) MB"),
        Figure(
          name: "description.\(name).load_ms", value: load * 1000, unit: "ms",
          label: "read \(name) (median of 3)"),
        Figure(
          name: "description.\(name).load_peak_mb", value: peak ?? -1, unit: "MB",
          label: "memory reading \(name) holds at its peak"),
        Figure(
          name: "description.\(name).samples_broken", value: Double(samples.broken.count),
          unit: "samples", label: "of \(samples.made) made"),
        Figure(
          name: "description.\(name).operations_unanswered",
          value: Double(served.total - served.answered), unit: "ops",
          label:
            "of \(served.total) asked for their own path; slowest \(String(format: "%.2f", served.slowest * 1000)) ms"
        ),
        Figure(
          name: "description.\(name).breaks_unnamed", value: Double(refused.total - refused.named),
          unit: "requests", label: "of \(refused.total) missing a required parameter or body"),
      ]
    }
    return figures
  }

  /// The file's name as a figure's: letters, digits and `_`.
  static func name(of url: URL) -> String {
    String(
      url.lastPathComponent.map {
        $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_"
      })
  }

  static func megabytes(_ url: URL) -> String {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    return String(format: "%.1f", Double(size) / 1_048_576)
  }

  /// How many response samples were made, and how many break their own schema.
  static func brokenSamples(_ document: OpenAPIDocument) -> (made: Int, broken: [String]) {
    var sampler = SchemaSampler(schemas: document.schemas)
    var made = 0
    var broken: [String] = []
    for operation in document.operations {
      for response in operation.responses where response.example == nil {
        guard let schema = response.schema, let sample = sampler.sampleResponse(schema) else {
          continue
        }
        made += 1
        var validator = SchemaValidator(schemas: document.schemas)
        if let first = validator.violations(of: sample, against: schema).first {
          broken.append("\(operation.name) \(response.status): \(first)")
        }
      }
    }
    return (made, broken)
  }

  /// Each operation that documents a response, asked for at its own path (every parameter
  /// `1`): how many its routes answer, and the slowest routing, in seconds.
  static func served(_ document: OpenAPIDocument) -> (total: Int, answered: Int, slowest: Double) {
    var router = MockRouter(routes: document.routes())
    let clock = ContinuousClock()
    var total = 0
    var answered = 0
    var slowest = Duration.zero
    for operation in document.operations where !operation.responses.isEmpty {
      total += 1
      let request = MockRequest(method: operation.method, path: Self.path(of: operation))
      let start = clock.now
      let outcome = router.route(request)
      slowest = max(slowest, clock.now - start)
      if case .matched = outcome { answered += 1 }
    }
    return (total, answered, seconds(slowest))
  }

  /// Requests missing one required query or header parameter, or a required body: how many
  /// there were, and how many the description's check refused naming what was missing.
  static func refusals(_ document: OpenAPIDocument) -> (total: Int, named: Int) {
    var total = 0
    var named = 0
    for operation in document.operations {
      let path = Self.path(of: operation)
      for missing in operation.parameters
      where missing.isRequired && [.query, .header].contains(missing.location) {
        total += 1
        // Every other required parameter sent, as `1`.
        var query: [String] = []
        var headers = HTTPHeaders()
        for other in operation.parameters where other.isRequired && other.name != missing.name {
          if other.location == .query {
            query.append(
              (other.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                + "=1")
          }
          if other.location == .header { headers.add(other.name, "1") }
        }
        let problems =
          document.problems(
            with: OpenAPIRequest(
              method: operation.method,
              path: path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")),
              headers: headers)) ?? []
        if problems.contains(where: { $0.contains(missing.name) }) { named += 1 }
      }
      if operation.requiresBody {
        total += 1
        let problems =
          document.problems(with: OpenAPIRequest(method: operation.method, path: path)) ?? []
        if problems.contains(where: { $0.contains("body") }) { named += 1 }
      }
    }
    return (total, named)
  }

  /// The operation's path with every parameter `1`, its literals percent-encoded.
  static func path(of operation: OpenAPIOperation) -> String {
    "/"
      + operation.template.segments.map { segment in
        switch segment {
        case .literal(let text):
          text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
            ?? text
        case .parameter: "1"
        }
      }.joined(separator: "/")
  }
}
