import { describe, expect, it } from '@jest/globals'
import { graphqlPoints, graphqlRequests } from '../../testing/github/query-points.js'

describe('graphqlPoints', () => {
  it("counts GitHub's documented example: 1 + 50 + 1,000 requests, 11 points", () => {
    const query = `query { viewer { repositories(first: 50) { edges { repository: node { name
      pullRequests(first: 20) { edges { pullRequest: node { title
        comments(first: 10) { edges { comment: node { bodyHTML } } } } } } } } } } }`
    expect(graphqlRequests(query)).toBe(1051)
    expect(graphqlPoints(query)).toBe(11)
  })

  it('charges at least one point, and reads page sizes from variables', () => {
    expect(graphqlPoints('query { viewer { login } }')).toBe(1)
    const query = `query ($n: Int!) { viewer { repositories(first: $n) { nodes { issues(last: 100) { totalCount } } } } }`
    expect(graphqlRequests(query, { n: 100 })).toBe(101)
    expect(graphqlRequests(query, { n: 30 })).toBe(31)
  })

  it('counts aliased connections apart, and a list of ids as the connection of its ids', () => {
    const query = `query ($ids: [ID!]!) { a: viewer { repositories(first: 10) { totalCount } }
      b: viewer { repositories(first: 10) { totalCount } }
      nodes(ids: $ids) { ... on PullRequestReviewComment { reactions(first: 50) { totalCount } } } }`
    expect(graphqlRequests(query, { ids: ['x', 'y', 'z'] })).toBe(1 + 1 + (1 + 3))
  })
})
