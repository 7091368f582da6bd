import Foundation
import TestSupport
import Testing

/// `GET /dates/difference` and `GET /dates/add`: Windows' date calculation, with problem+json for dates that do not
/// exist. `scripts/date-test` checks 10⁴ random pairs against dateutil.
@Suite final class DateRouteTests {
    private let client: InProcessClient

    init() throws {
        client = try InProcessClient(store: .memory)
    }

    @Test func aDifferenceInYearsMonthsWeeksAndDays() throws {
        let response = try client.send("GET", "/dates/difference?from=2020-02-29&to=2024-02-28")
        #expect(response.status == 200)
        let body = try #require(response.json)
        #expect(body["years"] as? Int == 3 && body["months"] as? Int == 11 && body["weeks"] as? Int == 4 && body["days"] as? Int == 2)
        #expect(body["totalDays"] as? Int == 1460)
        #expect(body["from"] as? String == "2020-02-29")
        // The order of the dates does not matter.
        #expect(try client.send("GET", "/dates/difference?from=2024-02-28&to=2020-02-29").json?["totalDays"] as? Int == 1460)
    }

    @Test func addingAndSubtractingFollowWindowsOrder() throws {
        let added = try client.send("GET", "/dates/add?date=2024-01-31&months=1")
        #expect(added.json?["result"] as? String == "2024-02-29")
        // Days first, then the month: Mar 31 − 1 day is Mar 30, − 1 month is Feb 29.
        let subtracted = try client.send("GET", "/dates/add?date=2024-03-31&months=1&days=1&operation=subtract")
        #expect(subtracted.json?["result"] as? String == "2024-02-29")
        #expect(subtracted.json?["operation"] as? String == "subtract")
        #expect(try client.send("GET", "/dates/add?date=2024-12-31&weeks=1&days=3").json?["result"] as? String == "2025-01-10")
    }

    @Test(arguments: [
        // Dates that do not exist, and results outside the calendar: 422 invalid-date
        ("/dates/difference?from=2023-02-29&to=2024-01-01", 422), ("/dates/difference?from=2024-04-31&to=2024-01-01", 422),
        ("/dates/difference?from=yesterday&to=2024-01-01", 422), ("/dates/add?date=9999-12-31&days=1", 422),
        ("/dates/add?date=0001-01-01&days=1&operation=subtract", 422),
        // Malformed requests: 400
        ("/dates/difference?from=2024-01-01", 400), ("/dates/add?date=2024-01-01&days=-1", 400),
        ("/dates/add?date=2024-01-01&days=99999999", 400), ("/dates/add?date=2024-01-01&operation=multiply", 400),
        ("/dates/add?date=2024-01-01&hours=1", 400),
    ])
    func impossibleDatesAndDurationsAreProblems(path: String, status: Int) throws {
        let response = try client.send("GET", path)
        #expect(response.status == status, "\(path)")
        #expect(response.header("Content-Type") == "application/problem+json")
        if status == 422 { #expect(response.json?["type"] as? String == "https://calculator.invalid/problems/invalid-date") }
    }

    @Test func theProblemSaysWhy() throws {
        let body = try #require(try client.send("GET", "/dates/difference?from=2023-02-29&to=2024-01-01").json)
        #expect((body["detail"] as? String)?.contains("February 2023, which has 28 days") == true)
        #expect(body["parameter"] as? String == "from")
    }
}
