// yaia-store-writer: a helper for YaiaStore's durability test, not a tool for users.
//
// Usage: yaia-store-writer DATABASE_PATH
// Commits 100 speakers ("c-0"…"c-99") and prints "committed"; then starts a transaction of
// 100,000 more ("p-…"), prints "writing" after the first 1,000, and keeps writing slowly so
// the test can kill it in the middle. The test then checks that the committed rows survive
// and none of the interrupted batch does.
import Foundation
import YaiaStore

/// Writes a line to standard output at once (the test waits for it).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: yaia-store-writer DATABASE_PATH\n".utf8))
  exit(2)
}
do {
  let store = try DataStore.open(at: CommandLine.arguments[1], migrations: rowMigrations)
  try await store.upsert(
    (0..<100).map { Row(id: "c-\($0)", nickname: "committed \($0)") }, as: Rows.self)
  say("committed")
  try await store.transaction { tx in
    for index in 0..<100_000 {
      try tx.upsert([Row(id: "p-\(index)", nickname: "partial \(index)")], as: Rows.self)
      if index == 1_000 {
        say("writing")
      }
      if index > 1_000 { usleep(1_000) }
    }
  }
  print("finished (the test should have killed this process)")
} catch {
  FileHandle.standardError.write(Data("yaia-store-writer: \(error)\n".utf8))
  exit(1)
}
