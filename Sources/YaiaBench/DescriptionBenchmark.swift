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
/// into a generated model would fail on); how many of the answers its routes serve (examples,
/// samples, error answers) fail the contract check; how many operations its routes answer when
/// asked for their own path; how many requests missing a required parameter or body are
/// refused naming it; and, for each operation taking a URL-encoded form, whether a form
/// written from its sample passes and one with a field broken (a word for a number, a value
/// outside an enum, a required field left out) is refused.
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
      let answers = ContractCheck.check(
        MockManifest(routes: document.routes()), manifestFile: name, fixtures: nil,
        against: document)
      let forms = Self.formBodies(document)
      if showProblems {
        for problem in answers.problems { print("\(name): served answer fails: \(problem)") }
        for problem in forms.problems { print("\(name): form: \(problem)") }
      }
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
          name: "description.\(name).answers_failing",
          value: Double(Set(answers.problems.map(\.message)).count), unit: "problems",
          label: "in \(answers.responsesChecked) served answers checked"),
        Figure(
          name: "description.\(name).forms_refused_right", value: Double(forms.rightRefused),
          unit: "bodies", label: "of \(forms.right) forms written from a sample"),
        Figure(
          name: "description.\(name).forms_passed_wrong", value: Double(forms.wrongPassed),
          unit: "bodies", label: "of \(forms.wrong) forms with one field broken"),
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
      let request = HTTPRequest(method: operation.method, path: Self.path(of: operation))
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
            with: HTTPRequest(
              method: operation.method,
              path: path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")),
              headers: headers)) ?? []
        if problems.contains(where: { $0.contains(missing.name) }) { named += 1 }
      }
      if operation.requiresBody {
        total += 1
        let problems =
          document.problems(with: HTTPRequest(method: operation.method, path: path)) ?? []
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
        case .rest: "1"
        }
      }.joined(separator: "/")
  }

  /// What the form checks made of each operation taking a URL-encoded form: a form written
  /// from a sample of its schema (the path's and required parameters sampled too), and the
  /// same form with one field broken.
  struct FormFigures {
    var right = 0
    var rightRefused = 0
    var wrong = 0
    var wrongPassed = 0
    var problems: [String] = []
  }

  static func formBodies(_ document: OpenAPIDocument) -> FormFigures {
    var figures = FormFigures()
    var sampler = SchemaSampler(schemas: document.schemas)
    let formType = "application/x-www-form-urlencoded"
    func resolved(_ schema: JSONSchema) -> JSONSchema { schema.resolved(in: document.schemas) }
    for operation in document.operations where operation.bodyMediaTypes.contains(formType) {
      guard let declared = operation.formSchema ?? operation.bodySchema,
        let sample = sampler.sampleResponse(declared)
      else { continue }
      let form = resolved(declared)
      var path = operation.path
      var query: [String] = []
      var headers: HTTPHeaders = ["Content-Type": formType]
      for parameter in operation.parameters {
        let value =
          parameter.schema.flatMap { sampler.sampleResponse($0) }.flatMap(FormWriter.scalar)
          ?? "1"
        switch parameter.location {
        case .path:
          path = path.replacingOccurrences(
            of: "{\(parameter.name)}", with: FormWriter.encoded(value))
        case .query where parameter.isRequired:
          query.append(FormWriter.encoded(parameter.name) + "=" + FormWriter.encoded(value))
        case .header where parameter.isRequired:
          headers.add(parameter.name, value)
        default:
          break
        }
      }
      func problems(_ pairs: [(String, String)]) -> [String] {
        let request = HTTPRequest(
          method: operation.method, path: path, headers: headers,
          body: Data(FormWriter.body(pairs).utf8), rawQuery: query.joined(separator: "&"))
        return document.problems(with: request) ?? ["no operation"]
      }
      var pairs: [(String, String)] = []
      FormWriter.flatten(sample, "", into: &pairs)
      // A form with nothing in it is no body, which an optional body allows.
      guard !pairs.isEmpty else { continue }
      figures.right += 1
      if let first = problems(pairs).first {
        figures.rightRefused += 1
        figures.problems.append("\(operation.name): a form written from the sample: \(first)")
      }
      var wrong = pairs
      let typed = form.properties.first { property in
        let types = resolved(property.schema).types ?? []
        return !types.isDisjoint(with: [.integer, .number, .boolean]) && !types.contains(.string)
      }
      let listed = form.properties.first { resolved($0.schema).enumValues != nil }
      let broken: String
      if let field = typed?.name ?? listed?.name {
        wrong.removeAll { $0.0 == field }
        wrong.append((field, "not-a-value"))
        broken = "\(field)=not-a-value"
      } else if let field = form.required.first {
        wrong.removeAll { $0.0 == field || $0.0.hasPrefix(field + "[") }
        broken = "no \(field)"
      } else {
        continue
      }
      guard !wrong.isEmpty else { continue }
      figures.wrong += 1
      if problems(wrong).isEmpty {
        figures.wrongPassed += 1
        figures.problems.append("\(operation.name): \(broken) passed")
      }
    }
    return figures
  }
}

/// Writes a sample as a URL-encoded form, as Stripe's and Twilio's clients do: an object's
/// fields as `name[key]`, an array of values as the name repeated, an array of objects as
/// `name[index][key]`.
enum FormWriter {
  static func scalar(_ value: JSONValue) -> String? {
    switch value.kind {
    case .string(let text): return text
    case .number(let number):
      return number.text
    case .bool(let flag): return flag ? "true" : "false"
    default: return nil
    }
  }

  static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }

  static func flatten(_ value: JSONValue, _ name: String, into pairs: inout [(String, String)]) {
    switch value.kind {
    case .object(let members):
      for member in members {
        flatten(member.value, name.isEmpty ? member.name : "\(name)[\(member.name)]", into: &pairs)
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let text = scalar(item) {
          pairs.append((name, text))
        } else {
          flatten(item, "\(name)[\(index)]", into: &pairs)
        }
      }
    default:
      if let text = scalar(value) { pairs.append((name, text)) }
    }
  }

  static func body(_ pairs: [(String, String)]) -> String {
    pairs.map { encoded($0.0) + "=" + encoded($0.1) }.joined(separator: "&")
  }
}
