import Foundation
import YaiaRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// YaiaRemote's reading of what a server answers: the status and fields as URLSession hands
/// them over, `Retry-After`, the status check and the JSON decoding, with its error text.
enum RemoteTargets {
  static let all = [response]

  /// A response's JSON shape, nested as real ones are.
  struct Payload: Codable, Sendable {
    struct Item: Codable, Sendable {
      var id: Int
      var name: String
      var tags: [String]?
    }
    var items: [Item]
    var next: String?
    var total: Double
  }

  /// Bytes as a response: two bytes of status, `Name: value` lines up to an empty line, then
  /// the body. It goes through URLSession's response type, `Transport`'s conversion and a
  /// client with a retry policy, which must end with a value or a typed error with words.
  static let response = FuzzTarget(
    "remote-response", summary: "responses as YaiaRemote reads them (status, fields, body)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    guard bytes.count >= 2 else { return }
    let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
    let rest = Array(bytes.dropFirst(2))
    var fields: [String: String] = [:]
    var bodyStart = rest.count
    var lineStart = 0
    for index in rest.indices where rest[index] == UInt8(ascii: "\n") {
      let line = String(decoding: rest[lineStart..<index], as: UTF8.self)
      lineStart = index + 1
      if line.isEmpty {
        bodyStart = lineStart
        break
      }
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    let body = Data(rest[min(bodyStart, rest.count)...])
    let url = URL(string: "http://127.0.0.1:9/items")
    guard let url,
      let http = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    else { return }
    let request = OutgoingRequest(url: url)
    let converted: HTTPResponse
    do {
      converted = try URLSessionEngine.httpResponse(body, http, for: request)
    } catch {
      throw FuzzViolation("an HTTP response was refused: \(error)")
    }
    try require(converted.status.code == status, "status \(status) became \(converted.status)")
    let outcome = Blocking.run {
      let client = RemoteClient(
        baseURL: URL(fileURLWithPath: "/"),
        transport: Transport { _ in converted },
        interceptors: [
          RetryPolicy(maxRetries: 2, random: { 0.5 }, now: { Date(timeIntervalSince1970: 0) })
        ],
        sleep: { _ in })
      return await client.result(Request<Payload>.json(.get, Endpoint("/items")))
    }
    if case .failure(let error) = outcome {
      try require(!error.description.isEmpty, "an error without words")
    }
  }
}

/// Runs async work to its end from a synchronous caller (a fuzzer's callback), on the
/// concurrency pool, waiting on a semaphore. Only for harnesses: never on the pool itself.
enum Blocking {
  /// The value `work` returns.
  static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      box.value = await work()
      done.signal()
    }
    done.wait()
    // The semaphore orders the write before this read, so the value is there.
    guard let value = box.value else { preconditionFailure("the work ended without a value") }
    return value
  }

  /// A value handed from the task to the waiting thread. proven: written once by the task
  /// before it signals the semaphore, read once by the waiter after the semaphore returns.
  private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
  }
}
