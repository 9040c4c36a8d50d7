#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Reads the text a stored `Date` is written as (`2027-03-14 09:26:53.589`, UTC) with integer
  /// arithmetic, for the reads of whole tables.
  ///
  /// Dates are stored in GRDB's format, and GRDB reads them through `DateComponents` and a
  /// Gregorian `Calendar`, which costs more than the rest of a six-field row together. This
  /// reader takes only the canonical spellings, `YYYY-MM-DD HH:MM:SS` and
  /// `YYYY-MM-DD HH:MM:SS.SSS`, with every field in its range; anything else (other spellings,
  /// time zones, out-of-range fields that the calendar would roll over, years before 1583 where
  /// Foundation's Gregorian calendar switches to the Julian one) gives `nil`, and the caller
  /// reads it GRDB's way, so both readers always agree (tested against GRDB's).
  enum StoredDate {
    /// Days from 1970-01-01 to 2001-01-01, `Date`'s reference date.
    private static let referenceDay = 11_323

    /// The date `text` spells in the canonical format, or `nil` when it is spelled otherwise.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
      guard text.count == 19 || text.count == 23 else { return nil }
      guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
        text[10] == UInt8(ascii: " "), text[13] == UInt8(ascii: ":"),
        text[16] == UInt8(ascii: ":")
      else { return nil }
      guard let year = number(text, 0, 4), let month = number(text, 5, 2),
        let day = number(text, 8, 2), let hour = number(text, 11, 2),
        let minute = number(text, 14, 2), let second = number(text, 17, 2)
      else { return nil }
      var milliseconds = 0
      if text.count == 23 {
        guard text[19] == UInt8(ascii: "."), let fraction = number(text, 20, 3) else { return nil }
        milliseconds = fraction
      }
      guard year >= 1583, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
        hour < 24, minute < 60, second < 60
      else { return nil }
      let days = daysSince1970(year: year, month: month, day: day) - referenceDay
      let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
      return Date(
        timeIntervalSinceReferenceDate: Double(seconds) + Double(milliseconds) / 1_000)
    }

    /// The decimal number in `count` digits from `start`, or `nil` if one is not a digit.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int)
      -> Int?
    {
      var value = 0
      for position in start..<start + count {
        let digit = Int(text[position]) - 48
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }

    /// The length of `month` in the Gregorian calendar.
    private static func daysIn(_ month: Int, of year: Int) -> Int {
      switch month {
      case 2:
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return leap ? 29 : 28
      case 4, 6, 9, 11: return 30
      default: return 31
      }
    }

    /// Days from 1970-01-01 to the date in the Gregorian calendar, counted in 400-year eras of
    /// 146,097 days from 0000-03-01.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
      let marchYear = month <= 2 ? year - 1 : year
      let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
      let yearOfEra = marchYear - era * 400
      let monthFromMarch = month > 2 ? month - 3 : month + 9
      let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
      let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
      return era * 146_097 + dayOfEra - 719_468
    }
  }
#endif
