import Foundation
import YaiaInspector

/// The inspector's readers: the batches an app sends, and journal files a person imports.
enum InspectorTargets {
  static let all = [batch, journal]

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

  /// A journal file as `Import` reads it; one that reads is written and read back the same.
  static let journal = FuzzTarget(
    "inspector-journal", summary: "journal files imported into the inspector",
    maxLength: 16_384
  ) { bytes throws(FuzzViolation) in
    guard let journal = try? InspectorJournal(data: Data(bytes)) else { return }
    do {
      let again = try InspectorJournal(data: journal.fileData())
      try require(again == journal, "a journal read back differs from the one written")
    } catch let violation as FuzzViolation {
      throw violation
    } catch {
      throw FuzzViolation("a journal written could not be read back: \(error)")
    }
  }
}
