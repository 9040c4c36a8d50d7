import Foundation
import YaiaInspector

/// The inspector's readers: the batches an app sends, journal files a person imports, the
/// saved address an app reads from the user's state folder, and the handshake each side reads
/// from the other.
enum InspectorTargets {
  static let all = [batch, journal, stateFile, handshake]

  /// The token the handshake target's inspector holds: the fuzzer does not know it.
  static let secretToken = "5ec2e7f0aa61b9d3c4e8f1a2b3c4d5e6"
  /// The app's nonce in the handshake target.
  static let appNonce = "00112233445566778899aabbccddeeff"

  /// Both halves of the handshake as read by the side that did not write them: the app
  /// reading an answer to `/api/connect`, the inspector reading a batch's `Yaia-Connection`
  /// header. Whatever the bytes, neither is proven without the token (the fuzzer, like a
  /// squatter, does not know it), except by the one answer the real inspector would make.
  static let handshake = FuzzTarget(
    "inspector-handshake",
    summary:
      "the app's and the inspector's proofs (answer and header), a page's proof, and its jump answers",
    maxLength: 4_096
  ) { bytes throws(FuzzViolation) in
    if case .success(let proven) = InspectorHandshake.read(
      answer: bytes, appNonce: appNonce, token: secretToken, port: 4_100)
    {
      // Only possible by writing the proof the token makes: the seed does, for its nonce.
      try require(
        proven.appNonce == appNonce && InspectorHandshake.isNonce(proven.inspectorNonce),
        "an answer was proven with nonces \(proven.appNonce), \(proven.inspectorNonce)")
      let text = String(decoding: bytes, as: UTF8.self)
      try require(
        text.contains(proven.inspectorProof(token: secretToken)),
        "an answer without the proof was proven")
    }
    let header = String(decoding: bytes, as: UTF8.self)
    if InspectorHandshake.accepts(header: header, token: secretToken, port: 4_100) {
      let parts = header.split(separator: " ").map(String.init)
      try require(parts.count == 3, "a header of \(parts.count) parts was accepted")
      let made = InspectorHandshake(appNonce: parts[0], inspectorNonce: parts[1], port: 4_100)
      try require(
        header == made.headerValue(token: secretToken),
        "a header that is not the app's proof was accepted")
    }
    // A page's proof: one that reads is written exactly so, and opens no request without the
    // token (the one message tried here is a request the page could make).
    if let proof = PageProof.parse(header) {
      try require(
        "\(proof.session).\(proof.counter).\(proof.hash)" == header,
        "a page's proof read differs from its text")
      try require(
        (1...PageProof.largestCounter).contains(proof.counter),
        "a page's proof with counter \(proof.counter) was read")
      let message = PageProof.requestMessage(
        port: 4_100, session: proof.session, counter: proof.counter, method: "GET",
        path: "/api/updates", items: [("after", "0")])
      try require(
        !PageProof.accepts(hash: proof.hash, message: message, token: secretToken),
        "a page's proof made without the token was accepted")
    }
    // The inspector's answer to a batch: one that reads asks for at most the most jumps, each
    // in range, and writes back to the same answer.
    if let answer = try? InspectorAnswer(wire: bytes) {
      try require(
        answer.jumps.count <= InspectorAnswer.mostJumps,
        "an answer with \(answer.jumps.count) jumps was read")
      try require(
        answer.jumps.allSatisfy { $0.shell >= 0 && $0.index >= 0 },
        "an answer with a negative shell or index was read")
      try require(
        (try? InspectorAnswer(wire: answer.wireBytes())) == answer,
        "an answer read does not read back the same once written")
    }
  }

  /// The saved port and token; one that reads has a usable address and is written and read
  /// back the same.
  static let stateFile = FuzzTarget(
    "inspector-state-file", summary: "the inspector's saved port and token (inspector.json)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    guard let saved = try? InspectorStateFile.saved(from: Data(bytes), path: "fuzz") else {
      return
    }
    try require(bytes.count <= InspectorStateFile.largestFile, "a file past the bound was read")
    try require((1...65_535).contains(saved.port), "port \(saved.port) was accepted")
    try require((try? saved.address) != nil, "an accepted file gives no address")
    do {
      let again = try InspectorStateFile.saved(
        from: try JSONEncoder().encode(saved), path: "fuzz")
      try require(again == saved, "a saved address read back differs from the one written")
    } catch let violation as FuzzViolation {
      throw violation
    } catch {
      throw FuzzViolation("a saved address written could not be read back: \(error)")
    }
  }

  /// A batch as the server reads it; one that reads is written and read back the same.
  static let batch = FuzzTarget(
    "inspector-batch", summary: "the inspector's wire format (batches from an app)",
    maxLength: 16_384
  ) { bytes throws(FuzzViolation) in
    guard let batch = try? InspectorBatch(wire: bytes) else { return }
    let written = batch.wireBytes()
    do {
      let again = try InspectorBatch(wire: written)
      try require(again == batch, "a batch read back differs from the one written")
    } catch let violation as FuzzViolation {
      throw violation
    } catch {
      throw FuzzViolation("a batch written could not be read back: \(error)")
    }
  }

  /// A journal file as `Import` reads it: one that reads has its steps numbered from 1 in
  /// increasing order (what the page and the step lookups rely on), is written and read back
  /// the same, and made a test holds no control or direction character.
  static let journal = FuzzTarget(
    "inspector-journal", summary: "journal files imported into the inspector",
    maxLength: 16_384
  ) { bytes throws(FuzzViolation) in
    guard let journal = try? InspectorJournal(data: Data(bytes)) else { return }
    let indexes = journal.steps.map(\.index)
    try require(
      indexes.allSatisfy { $0 >= 1 } && zip(indexes, indexes.dropFirst()).allSatisfy { $0 < $1 },
      "a journal read with steps out of order: \(indexes.prefix(20))")
    try require(journal.droppedSteps >= 0, "a journal read with a negative count of lost steps")
    do {
      let again = try InspectorJournal(data: journal.fileData())
      try require(again == journal, "a journal read back differs from the one written")
    } catch let violation as FuzzViolation {
      throw violation
    } catch {
      throw FuzzViolation("a journal written could not be read back: \(error)")
    }
    // Made a test, its text holds no character that could hide code or break a line outside
    // a literal: every text from the journal is escaped or cleaned.
    guard let source = try? InspectorTestExport(journal: journal, state: "App()").swiftSource()
    else { return }
    try require(
      !source.unicodeScalars.contains { $0 != "\n" && SwiftLiteral.needsEscape($0) },
      "an exported test holds a control or direction character")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { !$0.hasPrefix("func ") }.dropFirst()
    try require(
      body.allSatisfy { $0.isEmpty || $0.hasPrefix("  ") || $0 == "}" },
      "a journal's text broke out of the exported test's body")
  }
}
