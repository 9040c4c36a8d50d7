import Foundation
import Yaia

/// The core's readers of outside input: ids read back from storage.
enum StateTargets {
  static let all = [generatedID]

  /// An id as storage hands it back: a UUID string, or JSON (its UUID string, or the
  /// `{"namespace":…,"number":…}` of earlier versions). What reads as an id writes back as the
  /// same id, through its UUID string, its 16 bytes and JSON.
  static let generatedID = FuzzTarget(
    "generated-id", summary: "generated ids read back (UUID text, JSON)", maxLength: 256
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    var ids: [GeneratedID] = []
    if let id = GeneratedID(uuidString: text) {
      try require(
        id.uuidString == text.uppercased(), "\(text.debugDescription) reads as \(id.uuidString)")
      ids.append(id)
    }
    if let id = try? JSONDecoder().decode(GeneratedID.self, from: Data(bytes)) { ids.append(id) }
    for id in ids {
      try require(GeneratedID(uuid: id.uuid) == id, "\(id) does not read back from its bytes")
      try require(GeneratedID(uuidString: id.uuidString) == id, "\(id) does not read back")
      let json: Data
      do {
        json = try JSONEncoder().encode(id)
      } catch {
        throw FuzzViolation("\(id) does not encode: \(error)")
      }
      try require(
        (try? JSONDecoder().decode(GeneratedID.self, from: json)) == id,
        "\(id) does not decode from its own JSON \(String(decoding: json, as: UTF8.self))")
    }
  }
}
