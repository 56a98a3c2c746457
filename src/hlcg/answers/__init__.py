"""The answers hlcg gives, as data: what `hlcg card/search/persona/formats --json` and
`hlcg deck stats/hash` print and what the web page's API returns. The CLI renders them;
the web service serialises them; neither computes them itself."""
