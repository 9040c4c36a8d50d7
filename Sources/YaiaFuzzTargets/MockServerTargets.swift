import Foundation
import YaiaMockServer

/// The mock server's readers: the request head, the body framing, a chunked body, the
/// request as routing sees it, the manifest, an OpenAPI description, and a recorded backend's
/// answers.
enum MockServerTargets {
  static let all = [
    requestHead, responseHead, chunkedBody, manifest, openAPI, recordedAnswer, recordedSecret,
    admin, journalMultipart,
  ]

  /// A multipart body as the journal lists it: arbitrary bytes in a part, an arbitrary
  /// boundary (split from the input at its first 0xFF byte), and a `password` part holding a
  /// token. Nothing traps, the listing is never longer than the body plus a few words, and the
  /// token never shows while the framing around it is whole (the bytes hold no delimiter).
  static let journalMultipart = FuzzTarget(
    "journal-multipart", summary: "a multipart body's secret parts hidden in the journal",
    maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    let parts = bytes.split(separator: 0xFF, maxSplits: 1, omittingEmptySubsequences: false)
    let boundary = String(decoding: parts[0].prefix(80), as: UTF8.self)
    let content = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    let token = "tok" + String(bytes.count * 7919 + 100_003, radix: 36)
    let body = [
      "--\(boundary)", #"Content-Disposition: form-data; name="note""#, "", content,
      "--\(boundary)", #"Content-Disposition: form-data; name="password""#, "", token,
      "--\(boundary)--", "",
    ].joined(separator: "\r\n")
    guard
      let redaction = MultipartRedaction(
        contentType: "multipart/form-data; boundary=\"\(boundary)\"")
    else { return }
    let shown = redaction.redact(body)
    try require(
      shown.utf8.count <= body.utf8.count + 16,
      "the listing grew from \(body.utf8.count) to \(shown.utf8.count) bytes")
    // RFC 2046's boundary characters, not ending in a space: a boundary of other characters
    // (a quote, a semicolon) is not one a sender may use.
    let bchars = Set(
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
    let framed =
      Data(content.utf8).range(of: Data("--\(boundary)".utf8)) == nil && !boundary.isEmpty
      && boundary.allSatisfy(bchars.contains) && !boundary.hasSuffix(" ")
      && !token.contains(boundary)
    if framed {
      try require(!shown.contains(token), "the token shows: \(shown.prefix(300).debugDescription)")
    }
  }

  static let limits = RequestHeadLimits(requestLine: 256, headerBytes: 1_024, headerCount: 16)

  static let router = MockRouter(
    routes: [
      ("GET", "/devices/:id"), ("POST", "/login"), (nil, "/files/*"), ("GET", "/a/b"),
    ].compactMap { (method: HTTPMethod?, pattern: String) in
      try? MockRoute(method, pattern, responses: .single(MockResponse()))
    })

  /// Head, then framing, then routing; the head must read the same whether its bytes come at
  /// once or split in two, and stay within its limits.
  static let requestHead = FuzzTarget(
    "mock-request-head", summary: "the mock server's request head, framing and routing",
    maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    var whole = RequestHeadParser(limits: limits)
    let once = whole.append(bytes)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var split = RequestHeadParser(limits: limits)
    var twice = split.append(bytes[..<cut])
    if twice == .needMore {
      twice = split.append(bytes[cut...])
    } else if case .head(let head, let rest) = twice {
      twice = .head(head, rest: rest + bytes[cut...])
    }
    try require(once == twice, "split at \(cut): \(once) but \(twice)")
    guard case .head(let head, _) = once else { return }
    try require(head.fields.count <= limits.headerCount, "\(head.fields.count) fields")
    try require(head.target.utf8.count <= limits.requestLine, "a target past the line limit")
    // By byte: `"\r\n"` is one Character, which `contains("\r")` would not find.
    try require(
      head.fields.allSatisfy {
        !$0.value.utf8.contains(UInt8(ascii: "\r")) && !$0.value.utf8.contains(UInt8(ascii: "\n"))
      }, "a field value holds a line break")
    _ = BodyFraming.of(head)
    var router = router
    _ = router.route(MockResponder.request(head, body: Data(bytes.suffix(16))))
  }

  /// The head of an answer whose fields come from outside: a fixture's header, and a templated
  /// header filled from a request's query (`?q=a%0d%0aSet-Cookie:…`, sent by any web page to
  /// 127.0.0.1). Whatever they hold, the head is its status line, one line per field and the
  /// empty line: no control character in a name or value, no field the answer did not have.
  static let responseHead = FuzzTarget(
    "mock-response-head", summary: "an answer's head, with fields from fixtures and templates",
    maxLength: 1_024
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\u{1}", maxSplits: 2, omittingEmptySubsequences: false)
    let name = String(parts[0])
    let value = parts.count > 1 ? String(parts[1]) : ""
    let query = parts.count > 2 ? String(parts[2]) : text
    var fields = [(name: name, value: value)]
    if let template = try? ResponseTemplate("v={{request.query.q}};", json: false) {
      var generator = TemplateGenerator(seed: 1)
      let asked = HTTPRequest(method: "GET", path: "/", query: ["q": query])
      if let filled = try? template.render(asked, parameters: [:], generator: &generator) {
        fields.append((name: "X-Echo", value: filled))
      }
    }
    let head = WireResponse(status: 200, fields: fields, body: Data("x".utf8)).head(
      keepAlive: false)
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    try require(lines.count >= 3 && lines.suffix(2) == ["", ""], "a head without its end")
    let fieldLines = lines.dropFirst().dropLast(2)
    try require(
      fieldLines.count <= fields.count + 2, "\(fieldLines.count) lines for \(fields.count) fields")
    for line in fieldLines {
      try require(
        !line.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }, "a control character in \(line.debugDescription)")
      guard let colon = line.firstIndex(of: ":") else {
        throw FuzzViolation("a field line without a colon: \(line.debugDescription)")
      }
      try require(
        HTTPHeaders.writableName(String(line[..<colon])) == line[..<colon],
        "a name that is not a token: \(line.debugDescription)")
    }
  }

  /// A chunked body fed at once and byte by byte: the same body, never past its limit.
  static let chunkedBody = FuzzTarget(
    "mock-chunked-body", summary: "the mock server's chunked request bodies", maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    let limit = 512
    var whole = ChunkedBody(limit: limit, lineLimit: 64)
    let once = whole.append(bytes)
    var single = ChunkedBody(limit: limit, lineLimit: 64)
    var steps: ChunkedBody.Step = .needMore
    for byte in bytes where steps == .needMore { steps = single.append([byte]) }
    try require(whole.body.count <= limit, "a body of \(whole.body.count) bytes")
    switch (once, steps) {
    case (.needMore, .needMore), (.failed, .failed):
      break
    case (.done(let rest), .done(let none)):
      // Byte by byte, the body ends with the byte that ends it: nothing is left over.
      try require(none.isEmpty, "bytes left over after the last one: \(none)")
      try require(rest.count < bytes.count, "a body that ended before its first byte")
      try require(whole.body == single.body, "the same body two ways")
    default:
      throw FuzzViolation("at once: \(once); byte by byte: \(steps)")
    }
  }

  /// A manifest (YAML or JSON): routes, or an error naming a line; within its budget.
  static let manifest = FuzzTarget(
    "mock-manifest", summary: "mock-server manifests (YAML → routes → JSON bodies)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    do throws(MockServerError) {
      _ = try MockManifest.parse(text, file: "manifest.yaml", fixtures: nil)
    } catch {
      try require(!error.description.isEmpty, "an error without words")
    }
  }

  /// An OpenAPI description: operations, or an error naming a line; a read description serves
  /// bodies that are JSON, checks a request against itself, and checks its own samples, all
  /// within bounds.
  static let openAPI = FuzzTarget(
    "openapi-document",
    summary: "OpenAPI descriptions (YAML or JSON → operations, samples, checks)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    let document: OpenAPIDocument
    do throws(OpenAPIError) {
      document = try OpenAPIDocument.parse(text, file: "spec.yaml")
    } catch {
      try require(!error.reason.isEmpty && error.line >= 0, "an error without words or line")
      return
    }
    let routes = document.routes()
    try require(routes.count <= document.operations.count, "more routes than operations")
    for route in routes {
      guard case .single(let response) = route.responses, case .text(let body) = response.body
      else { continue }
      try require(body.utf8.count <= 8 << 20, "a sample of \(body.utf8.count) bytes")
      try require(
        (try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]))
          != nil, "a served body that is not JSON: \(body.prefix(200))")
    }
    for operation in document.operations.prefix(8) {
      let path = operation.template.routeText.replacingOccurrences(of: ":", with: "x")
      _ = document.problems(
        with: HTTPRequest(method: operation.method, path: path, body: Data(bytes.suffix(32))))
    }
    _ = ContractCheck.check(
      MockManifest(routes: routes), manifestFile: "generated", fixtures: nil, against: document)
  }

  /// The keys the default secret paths name at any depth (`**.token`), lower-cased.
  static let secretNames = Set(
    RecordingPolicy().secretPaths.filter { $0.hasPrefix("**.") }.map {
      $0.dropFirst(3).lowercased()
    })

  /// What a backend answers, as a recording keeps it: a JSON body comes out as JSON of the same
  /// value (when nothing in it is secret), a secret never comes out, and the manifest reads back
  /// as the one route recorded.
  static let recordedAnswer = FuzzTarget(
    "recorded-answer", summary: "a backend's answers as a recording writes them", maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    guard bytes.count >= 2 else { return }
    // The first byte picks the path's shape and the type; the rest is the body.
    let pathBytes = bytes.prefix(Int(bytes[0] % 24)).dropFirst()
    let segment =
      String(decoding: pathBytes, as: UTF8.self)
      .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let path = "/" + (segment.isEmpty ? "x" : segment)
    let body = Data(bytes.dropFirst(1 + pathBytes.count))
    let type = bytes[0] & 0x80 == 0 ? "application/json" : "text/plain"
    // The method and a query value from the path's bytes too: any token the wire accepts, any
    // text a query decodes to, must read back from the manifest.
    let methods = ["GET", "POST", "*", "#X", "%X", "-", "'X", "`X", "&a"]
    let method = HTTPMethod(rawValue: methods[Int(bytes[1]) % methods.count])
    let queryValue = String(decoding: pathBytes.reversed(), as: UTF8.self)
    var recording = Recording()
    let change: Recording.Change
    do throws(RecordingError) {
      change = try recording.add(
        HTTPRequest(method: method, path: path, query: ["q": queryValue]),
        HTTPResponse(status: 200, headers: ["Content-Type": type, "Date": "now"], body: body))
    } catch {
      try require(!error.description.isEmpty, "an error without words")
      return
    }
    // Neighbours of the path: a file name never repeats in any case, and never stands where
    // another needs a folder.
    var names = change.newFile.map { [$0.name] } ?? []
    for (index, other) in [path.uppercased(), path + "/b.json", path + ".json/c"].enumerated() {
      let more = try? recording.add(
        HTTPRequest(method: method, path: other),
        HTTPResponse(status: 200, body: Data("other \(index)".utf8)))
      if let name = more?.newFile?.name { names.append(name) }
    }
    let lowered = names.map { $0.lowercased() }
    try require(Set(lowered).count == lowered.count, "file names repeat: \(names)")
    for name in lowered {
      try require(
        !lowered.contains { $0.hasPrefix(name + "/") } && !name.hasPrefix("manifest.yaml/"),
        "\(name) is a file where a folder must be: \(names)")
    }
    let manifest = recording.manifest()
    let parsed: MockManifest
    do throws(MockServerError) {
      parsed = try MockManifest.parse(manifest, file: "manifest.yaml", fixtures: nil)
    } catch {
      throw FuzzViolation("the recorded manifest does not read back: \(error)\n\(manifest)")
    }
    let route = parsed.routes.first { $0.query == ["q": queryValue] }
    guard let route else { throw FuzzViolation("the recorded route does not read back") }
    try require(route.method == method, "the method read back differs")
    try require(
      route.pattern.match(path) != nil,
      "the route read back, \(route.pattern), does not match \(path)")
    try require(!manifest.contains("Date"), "a dropped header in the manifest")
    guard let file = change.newFile else {
      try require(body.isEmpty, "a body with no file")
      return
    }
    let original = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    guard type == "application/json", let original else {
      // Kept as sent, unless a secret's value was blanked in it; then no secret name is left
      // holding a value.
      try require(
        file.content == body || change.redactions > 0, "a body that is not JSON was changed")
      if file.content != body, let text = String(data: file.content, encoding: .utf8) {
        try require(
          !SecretNames.mightHoldSecret(text),
          "a redacted text still names a secret: \(text.prefix(300))")
      }
      return
    }
    let recorded = try? JSONSerialization.jsonObject(
      with: file.content, options: [.fragmentsAllowed])
    guard let recorded else {
      // JSON only Foundation's lenient reader takes is kept as it was sent.
      guard file.content != body else { return }
      throw FuzzViolation(
        "JSON recorded as text that is not JSON: \(String(decoding: file.content, as: UTF8.self).prefix(300))"
      )
    }
    // No secret comes out: every member a default secret path or the names rule names is
    // blanked by type (text `REDACTED`, a number `0` or of fewer than four digits, `true`,
    // `false` and `null` as they are, a container with each value inside blanked).
    func blanked(_ value: Any) -> Bool {
      if let object = value as? [String: Any] { return object.values.allSatisfy(blanked) }
      if let array = value as? [Any] { return array.allSatisfy(blanked) }
      if let text = value as? String { return text == "REDACTED" }
      if let number = value as? NSNumber {
        return number.doubleValue == 0 || number.stringValue.count(where: \.isNumber) < 4
      }
      return true
    }
    func secretsRedacted(_ value: Any) -> Bool {
      if let object = value as? [String: Any] {
        return object.allSatisfy { key, member in
          let secret = secretNames.contains(key.lowercased()) || SecretNames.isSecret(key)
          return secret ? blanked(member) : secretsRedacted(member)
        }
      }
      if let array = value as? [Any] { return array.allSatisfy(secretsRedacted) }
      return true
    }
    try require(
      secretsRedacted(recorded),
      "a secret came out: \(String(decoding: file.content, as: UTF8.self).prefix(300))")
    let text = String(decoding: file.content, as: UTF8.self)
    guard !text.contains("REDACTED") else { return }
    func canonical(_ value: Any) -> Data? {
      try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }
    try require(canonical(original) == canonical(recorded), "the recorded JSON differs in value")
  }

  /// The names the secret target plants a backend's own secret under: spellings a list of
  /// keys would miss.
  static let plantedNames = [
    "sessionToken", "jwt", "privateKey", "client-secret", "signature", "otp", "pin", "sig",
    "X-CSRF-Token", "access_token", "api_key", "code", "Session_ID", "refreshToken",
  ]

  /// A planted secret never reaches a recorded folder: the app's own credentials (its
  /// `Authorization`, a cookie, a body field, a query item) echoed back anywhere in any body
  /// type, in a header or a URL, and a backend's secret under any spelling of a secret name.
  /// The input shapes the answer: its bytes are the body around the planted values, its first
  /// bytes pick the body's type, where the echo goes and the names used.
  static let recordedSecret = FuzzTarget(
    "recorded-secret",
    summary: "planted secrets and their echoes never reach a recording", maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    guard bytes.count >= 4 else { return }
    // Two secrets that no input byte can spell by chance: letters and digits only, so no
    // encoding (JSON, percent, form) writes them differently.
    let sent = "Sx7q" + String(bytes[0], radix: 16) + "Kp2Zw9Lm"
    let own = "Bk4v" + String(bytes[1], radix: 16) + "Tt8Qr3Yn"
    let types = [
      "application/json", "application/x-www-form-urlencoded", "text/plain", "", "text/html",
      "application/octet-stream",
    ]
    let type = types[Int(bytes[2]) % types.count]
    // A number the app sent under a secret name, echoed as a number.
    let pin = String(48_151_623 + Int(bytes[1]))
    let name = plantedNames[Int(bytes[3]) % plantedNames.count]
    let rest = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    // The body: the input with each `$` an echo of the app's credential and each `#` the
    // backend's own secret, in the body type's own shape where it has one.
    var body = rest.replacingOccurrences(of: "$", with: sent).replacingOccurrences(
      of: "#", with: own)
    switch type {
    case "application/json":
      // The credential also as a key and as a number; the secret two strings deep.
      let twice = #"{\"a\":\"{\\\"\#(name)\\\":\\\"\#(own)\\\"}\"}"#
      body =
        #"{"echo":"\#(sent)","\#(sent)":\#(pin),"\#(name)":"\#(own)","nested":"{\"\#(name)\":\"\#(own)\"}","twice":"\#(twice)","url":"/next?\#(name)=\#(own)","text":"\#(body.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: ""))"}"#
    case "application/x-www-form-urlencoded":
      body = "\(name)=\(own)&echo=\(sent)&other=\(body.filter { $0.isLetter })"
    default:
      if bytes[2] & 0x80 != 0 { body += " \(name)=\(own) " }
    }
    let request = HTTPRequest(
      method: bytes[0] & 1 == 0 ? .get : .post,
      path: bytes[0] & 2 == 0 ? "/v1/x" : "/v1/sessions/\(sent)/x",
      query: ["key": sent, "page": "2"],
      headers: ["Authorization": "Bearer \(sent)", "Cookie": "sid=\(sent); theme=dark"],
      body: Data(#"{"password":"\#(sent)","pin":\#(pin),"user":"ada"}"#.utf8),
      rawQuery: "key=\(sent)&page=2")
    var headers: HTTPHeaders = [
      "Location": "/done?\(name)=\(own)&echo=\(sent)#\(name)=\(own)", "X-Echo": sent,
    ]
    headers.add(name, own)
    if !type.isEmpty { headers.add("Content-Type", type) }
    var recording = Recording()
    let change: Recording.Change
    do throws(RecordingError) {
      change = try recording.add(
        request, HTTPResponse(status: 200, headers: headers, body: Data(body.utf8)))
    } catch {
      return  // refused: nothing of it is written
    }
    let written =
      [recording.manifest(), change.newFile?.name ?? ""]
      + [String(decoding: change.newFile?.content ?? Data(), as: UTF8.self)]
    for text in written {
      for secret in [sent, own, pin] where text.contains(secret) {
        throw FuzzViolation(
          "\(secret) reached the recording (\(type), \(name)):\n\(text.prefix(600))")
      }
    }
    // The same request with another password and no token, refused by the backend: told apart
    // from the first by credentials, whose fingerprints are written and never the values.
    let other = "Wr0n" + String(bytes[3], radix: 16) + "Gp4ssW0rd"
    var wrong = request
    wrong.headers = ["Cookie": "theme=dark"]
    wrong.body = Data(#"{"password":"\#(other)","pin":\#(pin),"user":"ada"}"#.utf8)
    guard
      (try? recording.add(
        wrong, HTTPResponse(status: 401, headers: ["Content-Type": "text/plain"])))
        != nil
    else { return }
    let manifest = recording.manifest()
    for secret in [sent, own, pin, other] where manifest.contains(secret) {
      throw FuzzViolation("\(secret) reached the manifest:\n\(manifest.prefix(600))")
    }
    let parsed: MockManifest
    do throws(MockServerError) {
      parsed = try MockManifest.parse(manifest, file: "manifest.yaml", fixtures: nil)
    } catch {
      throw FuzzViolation("the recorded manifest does not read back: \(error)\n\(manifest)")
    }
    // Sixteen bits tell the two apart but for one pair of values in 65,536: such an input
    // proves nothing about routing.
    let fingerprint = { (value: String) in
      MockRoute.Credential.fingerprint(of: value, salt: recording.credentialSalt)
    }
    let rightOnes = Set(["Bearer \(sent)", sent, pin].map(fingerprint))
    let wrongOnes = Set([sent, pin, other].map(fingerprint))
    guard !rightOnes.contains(fingerprint(other)),
      !wrongOnes.contains(fingerprint("Bearer \(sent)"))
    else { return }
    var router = MockRouter(routes: parsed.routes)
    for (replayed, status) in [(wrong, 401), (request, 200), (wrong, 401)] {
      guard case .matched(_, _, let response, _) = router.route(replayed),
        response.status.code == status
      else {
        throw FuzzViolation(
          "a replay did not get its own answer \(status):\n\(manifest.prefix(600))")
      }
    }
  }

  /// The routes the admin target steers: a scenario, a required state and a state set.
  static let adminRouter: MockRouter = {
    var cart = try? MockRoute(
      .get, "/cart", responses: .single(MockResponse()),
      scenarios: ["down": .single(MockResponse(status: 503))])
    cart?.requiredState = ("session", "in")
    return MockRouter(routes: [cart].compactMap { $0 }, initialStates: ["session": "out"])
  }()

  /// A request under the admin API's prefix, and what the router makes of the command: the
  /// decision never traps, every refusal's reason is visible text of bounded length (it is
  /// echoed into a JSON body and a terminal), a states command sets 1 to 64 machines of
  /// bounded names, and every answer is JSON (or empty for a 204).
  static let admin = FuzzTarget(
    "mock-admin", summary: "the mock server's admin API (endpoint, gate, JSON body)",
    maxLength: 4_096
  ) { bytes throws(FuzzViolation) in
    guard bytes.count >= 3 else { return }
    let endpoints = [
      "/routes", "/journal", "/reset", "/scenario", "/states", "", "/x", "/count", "/verify",
      "/near-misses", "/stubs", "/stubs/GET%20%2Fcart", "/recording", "/openapi.json",
      "/journal?method=POST&path=/cart&header=X-A:%20b&body=a.b=1&since=2026-01-01T00:00:00Z",
    ]
    let methods: [HTTPMethod] = [.get, .put, .post, .delete, .head, HTTPMethod(rawValue: "PATCH")]
    let hosts = ["127.0.0.1:8080", "localhost", "[::1]:1", "evil.example", "127.0.0.1.evil"]
    // The path: an endpoint, or text from the input when the first byte's top bit is set.
    let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
    let path =
      bytes[0] & 0x80 == 0
      ? "/__yaia" + endpoints[Int(bytes[0]) % endpoints.count]
      : "/__yaia/" + String(text.prefix(40))
    var headers: HTTPHeaders = ["Host": hosts[Int(bytes[1]) % hosts.count]]
    if bytes[1] & 0x80 != 0 { headers.add("Origin", "http://" + String(text.prefix(20))) }
    if bytes[2] & 1 == 0 { headers.add("Content-Type", "application/json") }
    let request = HTTPRequest(
      method: methods[Int(bytes[2] >> 1) % methods.count], path: path, headers: headers,
      body: Data(bytes.dropFirst(3)))
    let decision = MockAdminCommand.decide(
      request, enabled: bytes[2] & 0x40 == 0, fromLoopback: bytes[2] & 0x20 == 0)
    switch decision {
    case .notAdmin:
      throw FuzzViolation("a path under the prefix was not taken as an admin request: \(path)")
    case .refused(let status, let reason, _):
      try require((400..<500).contains(status.code), "refused with \(status.code)")
      try require(reason.utf8.count <= 1_000, "a reason of \(reason.utf8.count) bytes")
      try require(
        !reason.unicodeScalars.contains { $0.properties.generalCategory == .control },
        "a control character in a refusal: \(reason.debugDescription.prefix(200))")
    case .command(let command):
      if case .setStates(let states) = command {
        try require((1...64).contains(states.count), "\(states.count) machines set")
        try require(
          states.allSatisfy { $0.key.utf8.count <= 128 && ($0.value?.utf8.count ?? 0) <= 128 },
          "a machine or state past 128 bytes")
      }
      switch command {
      case .addStub(let stub), .replaceStub(let stub):
        // A stub is a route the manifest's reader accepted: never under the admin's prefix.
        try require(
          !MockAdminCommand.isReserved(stub.route.pattern.text),
          "a stub under the admin's prefix: \(stub.route.pattern.text.prefix(80))")
        var stubs = MockStubs()
        try? stubs.add(stub, base: adminRouter.routes)
        try require(stubs.routes(over: adminRouter.routes).count <= 2, "a stub added twice")
      case .journal(let query), .count(let query), .verify(let query, _):
        _ = query.selects(
          MockJournalEntry(
            request: request, time: Date(), route: nil, scenario: nil, status: 404))
      default:
        break
      }
      var router = adminRouter
      let answer = router.perform(command)
      guard !answer.body.isEmpty else {
        try require(answer.status.code == 204, "an empty answer with \(answer.status.code)")
        return
      }
      try require(
        (try? JSONSerialization.jsonObject(with: answer.body)) != nil,
        "an answer that is not JSON: \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
    }
  }
}
