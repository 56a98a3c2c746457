-- A version 6 catalogue, as hlcg at commit 8d538d6 (schema version 6) wrote it, dumped with
-- `sqlite3 FILE .dump`; tests/test_schema_upgrade.py loads it to check that a catalogue of
-- an older hlcg is refused with the way to upgrade it, and that the upgrade keeps every row.
-- Made with that hlcg from the shipped catalogue's own rows (nothing invented):
--   hlcg db export all.json   (then kept 9 cards, their aliases, legality facts and fact
--                              sources, every set and format, 2 rows of each tcboo table;
--                              without the manifest, as the rows are fewer)
--   hlcg db init v6.sqlite --empty && hlcg db import small.json --db v6.sqlite
--   hlcg db remove card cat-and-mouse-draw --reason "the schema 6 fixture keeps a removal" \
--     --by fixture --db v6.sqlite      (so that fact_history holds rows)
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE IF NOT EXISTS "meta" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT
);
INSERT INTO meta VALUES('application','hlcg');
INSERT INTO meta VALUES('build_inputs','[{"file": "(imported)", "sha256": "2396c2406f141d0bce43fcb56180a1c4d497dd99394839cc7988b43fe8eee130"}]');
INSERT INTO meta VALUES('content_sha256','6e43aaee6c1d0c3e3752e4e3a4966287738b72566acdf8381a738961358e7b3e');
INSERT INTO meta VALUES('data_version','2026.12.06.1');
INSERT INTO meta VALUES('schema_version','6');
CREATE TABLE IF NOT EXISTS "sets" (
   "code" TEXT PRIMARY KEY,
   "name" TEXT,
   "edition" TEXT,
   "released" TEXT,
   "source" TEXT
);
INSERT INTO sets VALUES('1E','1st Edition, exact set unknown','1E',NULL,'https://highlanderthecardgame.com/editions');
INSERT INTO sets VALUES('2E','2nd Edition, exact set unknown','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-4H','2nd Edition Four Horsemen','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-B1','2nd Edition Beta Preview Decks','2E','2006-12','http://www.watcherdatabase.tk/Cards/Card/3812.html');
INSERT INTO sets VALUES('2E-BX','2nd Edition Beta Edition Expansion','2E','2007-01','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-CvD','2nd Edition Connor vs. Duncan','2E',NULL,'http://www.watcherdatabase.tk/Cards/Card/6074.html');
INSERT INTO sets VALUES('2E-LEG','2nd Edition Highlander Legacy Set','2E','2014-03','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-P03','2nd Edition Duncan MacLeod Chronicles, Vol 1','2E',NULL,'http://www.watcherdatabase.tk/Cards/Card/6852.html');
INSERT INTO sets VALUES('2E-PGF14','2nd Edition Highlander 5 Pre-Game Foil Card Set (3 new Crystals, 1 Persona, 1 WOC)','2E','2014-06','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-QK','2nd Edition The Quickening','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RL1','2nd Edition Revised Legacy 1 pack','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RVS01','2nd Edition Revised VS 01 (Hamza el Kahir vs Marcus Constantine)','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RVS02','2nd Edition Revised VS 02 (Graham Ashe vs Haresh Clay)','2E','2013-11','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RVS03','2nd Edition Revised VS 03 (James Coltec vs Kamir)','2E','2013-11','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RVS04','2nd Edition Revised VS 04 (Zai Jie vs Andre Korda)','2E','2014-05','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-RVS05','2nd Edition Revised VS 05 (Crysta Van Pelt vs Kahbul Kahn)','2E','2014-08','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-S1','2nd Edition Season 1','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-S2','2nd Edition Season 2','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-S3','2nd Edition Season 3','2E','2009-04','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-S4','2nd Edition Season 4','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-SFV','2nd Edition Search for Vengeance','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-SS14','2nd Edition 2014 Summer Special','2E','2014-03','https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-SS15','2nd Edition 2015 Summer Special','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-TG','2nd Edition The Gathering','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-VS01','2nd Edition Versus 01 (Duncan vs Xavier)','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-VS02','2nd Edition Versus 02 (Connor vs Kurgan)','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('2E-VS03','2nd Edition Versus 03 (Kalas vs Methos)','2E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('3E','3rd Edition (a short black-bordered print run of 2nd Edition cards)','2E',NULL,'https://highlanderthecardgame.com/editions');
INSERT INTO sets VALUES('4H','The Four Horsemen','1E','1999-03','https://www.highlanderendgame.com/the-card-game/; https://thediscardpile.com/store/9-four-horsemen');
INSERT INTO sets VALUES('AT','Arms & Tactics','1E','1998-11','http://www.oocities.org/gislef/highland/handbook_addendum.htm');
INSERT INTO sets VALUES('DC','The Duncan Collection','1E',NULL,'https://www.highlanderendgame.com/the-card-game/; http://www.watcherdatabase.tk/Articles/103.html');
INSERT INTO sets VALUES('MC','The Methos Collection','1E',NULL,'http://www.watcherdatabase.tk/Articles/16.html');
INSERT INTO sets VALUES('ME','Movie Edition','1E','1996','https://en.wikipedia.org/wiki/Highlander:_The_Card_Game');
INSERT INTO sets VALUES('MLE','MLE continuation (SAEC Games and fans)','MLE','2005','http://www.mleccg.com/mlc/SpoilerList.Txt');
INSERT INTO sets VALUES('MLE-DDC','MLE Dark Duncan spoiler','MLE',NULL,'https://www.mleccg.com/mlc/DDC%20Spoiler.txt');
INSERT INTO sets VALUES('MLE-PROMO','MLE promotional cards','MLE',NULL,'http://www.watcherdatabase.tk/Cards/Card/141.html');
INSERT INTO sets VALUES('PROMO','Thunder Castle Games promotional cards','1E',NULL,'http://www.watcherdatabase.tk/Articles/32.html');
INSERT INTO sets VALUES('RE','The Ramirez Edition','1E','1999-04','https://en.wikipedia.org/wiki/Highlander:_The_Card_Game');
INSERT INTO sets VALUES('SE','Series Edition','1E','1995','https://en.wikipedia.org/wiki/Highlander:_The_Card_Game');
INSERT INTO sets VALUES('TG','The Gathering','1E','1998-06','https://www.highlanderendgame.com/the-card-game/; http://www.watcherdatabase.tk/Articles/4.html');
INSERT INTO sets VALUES('TIN','Collector''s Tin','1E',NULL,'https://www.highlanderendgame.com/the-card-game/');
INSERT INTO sets VALUES('WC','Watcher''s Chronicle','1E','1998-02','https://www.highlanderendgame.com/the-card-game/');
CREATE TABLE IF NOT EXISTS "formats" (
   "name" TEXT PRIMARY KEY,
   "title" TEXT,
   "checked" INTEGER,
   "editions" TEXT,
   "description" TEXT,
   "source" TEXT
);
INSERT INTO formats VALUES('first-edition','First Edition',1,'["1E"]','The 1995-99 Thunder Castle Games rules: no gems, first-edition cards.','seed 001_6402d66a7a4065b1.txt §Deck and Card Information; http://www.watcherdatabase.tk/Articles/16.html; http://www.watcherdatabase.tk/Articles/19.html');
INSERT INTO formats VALUES('mle','MLE',0,'["MLE"]','Legality tag of the card database for cards legal only in the MLE continuation; hlcg has no deck profile for it.','http://www.watcherdatabase.tk/Cards/Card/141.html');
INSERT INTO formats VALUES('type-one','Type One',1,'["1E"]','The 2010/2011 Type One rules: the first-edition deck skeleton with first-edition cards and a 2nd Edition compatibility list.','https://docslib.org/doc/4885903/highlander-type; https://highlandertcg.proboards.com/thread/2848/2011-type-addendum');
INSERT INTO formats VALUES('type-two','Type Two',1,'["2E"]','The 2nd Edition rules (2009 rulebook and the advanced rules): attribute gems, six pre-game cards.','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck; seed 000_cf7f637c266933cb.txt §Deck Construction');
CREATE TABLE IF NOT EXISTS "cards" (
   "id" TEXT PRIMARY KEY,
   "title" TEXT NOT NULL,
   "subtitle" TEXT,
   "type" TEXT,
   "sets" TEXT,
   "restriction" INTEGER,
   "unrestricted" INTEGER,
   "reserved" INTEGER,
   "signature" INTEGER,
   "unique" INTEGER,
   "hand_icons" INTEGER,
   "gem_master" INTEGER,
   "gem_agility" INTEGER,
   "gem_strength" INTEGER,
   "gem_toughness" INTEGER,
   "gem_empathy" INTEGER,
   "gem_reason" INTEGER,
   "master_limit" INTEGER,
   "formats" TEXT,
   "modifiers" TEXT,
   "faction" TEXT,
   "text" TEXT,
   "source" TEXT NOT NULL,
   "pregame" INTEGER,
   "master" INTEGER,
   "title_norm" TEXT,
   "name_norm" TEXT,
   "subtitle_norm" TEXT
);
INSERT INTO cards VALUES('9mm','9mm','Kinman','object','["AT"]',2,0,0,0,NULL,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','When played, put up to nine Basic Attacks from your hand under it; on a turn when you play no attack and no Special you may play one attack from under each 9mm as a 1-point Ranged Attack, even with two hand icons in play or while disarmed. The handbook entry''s ''S2'' and ''1H'' are read as restricted to 2 and one hand icon.','http://www.oocities.org/gislef/highland/handbook_addendum.htm',0,0,'9mm','9mm kinman','kinman');
INSERT INTO cards VALUES('archaic-collection','Archaic Collection',NULL,NULL,'[]',NULL,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Recycles Objects; an early version was not legal.','http://www.watcherdatabase.tk/Articles/82.html; http://www.watcherdatabase.tk/Articles/88.html',0,0,'archaic collection',NULL,NULL);
INSERT INTO cards VALUES('corda-and-reno','Corda & Reno',NULL,'persona','[]',NULL,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Persona: the Mental Ward review names Corda and Reno with Kern and Khan as ''these three Personas'' that rely on Persona-specific Objects, and the Conjure review says they cannot legally play Objects while Grounded is out. The reviews write ''Corda and Reno'' (an alias here); the title follows the Reporter review''s ''Casual Killer/Corda & Reno''.','http://www.watcherdatabase.tk/Articles/94.html; http://www.watcherdatabase.tk/Articles/98.html; http://www.watcherdatabase.tk/Articles/115.html',1,0,'corda reno',NULL,NULL);
INSERT INTO cards VALUES('darius-event','Darius',NULL,'event','["2E"]',NULL,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'["type-two"]','[{"kind":"allowance","count":1}]','[]','Allowance: the deck may include one non-signature card of an Immortal you are not playing.','https://www.highlanderthecardgame.com/keywords',0,0,'darius',NULL,NULL);
INSERT INTO cards VALUES('head-shot','Head Shot',NULL,'event','["SE"]',NULL,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Turns an upper attack into a blow that can take the opponent''s head.','http://www.watcherdatabase.tk/Articles/20.html; seed 000_cf7f637c266933cb.txt §Head Shots',0,0,'head shot',NULL,NULL);
INSERT INTO cards VALUES('masters-block-ramirez','Master''s Block','Ramirez',NULL,'[]',2,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Printed with two different images and the same text: one card.','seed 000_cf7f637c266933cb.txt §Restricted Cards',0,1,'masters block','masters block ramirez','ramirez');
INSERT INTO cards VALUES('thrust','Thrust',NULL,'attack','[]',NULL,1,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Basic attack to the middle-center square; every deck needs at least one.','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks); http://www.watcherdatabase.tk/Articles/71.html; http://www.watcherdatabase.tk/Articles/23.html',0,0,'thrust',NULL,NULL);
INSERT INTO cards VALUES('upper-center-attack','Upper Center Attack',NULL,'attack','[]',NULL,1,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'[]','[]','[]','Basic attack; every deck needs at least one.','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks); http://www.watcherdatabase.tk/Articles/23.html',0,0,'upper center attack',NULL,NULL);
CREATE TABLE IF NOT EXISTS "printings" (
   "card_id" TEXT REFERENCES "cards"("id"),
   "set_code" TEXT REFERENCES "sets"("code"),
   PRIMARY KEY ("card_id", "set_code")
);
INSERT INTO printings VALUES('9mm','AT');
INSERT INTO printings VALUES('darius-event','2E');
INSERT INTO printings VALUES('head-shot','SE');
CREATE TABLE IF NOT EXISTS "legality" (
   "card_id" TEXT REFERENCES "cards"("id"),
   "format" TEXT REFERENCES "formats"("name"),
   "status" TEXT NOT NULL,
   "date" TEXT,
   "source" TEXT NOT NULL,
   "note" TEXT,
   "inferred" TEXT,
   PRIMARY KEY ("card_id", "format", "date")
);
INSERT INTO legality VALUES('archaic-collection','first-edition','banned','1998-01','http://www.watcherdatabase.tk/Articles/82.html','The Alex Johnson review (Card of the Week #49) calls Conjure and Archaic Collection ''currently illegal''. Date inferred from the numbering (#46, Articles/79, is the ''Watcher Christmas 1997 Special''). No later verdict on Archaic Collection was found, so the ban may be time-bound.','The date: Card of the Week #49 falls about three weeks after #46, the ''Watcher Christmas 1997 Special'' (Articles/79).');
INSERT INTO legality VALUES('darius-event','type-two','legal','','https://www.highlanderthecardgame.com/keywords',NULL,'the current Type 2 publisher''s keyword glossary gives this generic in-game Event as its Allowance example.');
INSERT INTO legality VALUES('head-shot','type-two','legal','2008-06-07','seed 000_cf7f637c266933cb.txt §Head Shots',NULL,'the 2E advanced rules (attribute gems, soft exertions) tell the player to play the Head Shot card with an upper attack. Same caveats.');
INSERT INTO legality VALUES('head-shot','type-two','legal','2009','seed 002_f2e543bcb7a26c32.txt §Head Shots',NULL,'from the rules text: the 2009 Type Two rulebook gives the rules for playing the Head Shot: Event card. It names no set and is not a legality list; parts of the rulebook reuse first-edition wording.');
INSERT INTO legality VALUES('masters-block-ramirez','type-two','legal','2008-06-07','seed 000_cf7f637c266933cb.txt §Restricted Cards',NULL,'restriction example (restriction 2, two images, one text) in the 2E advanced rules.');
INSERT INTO legality VALUES('thrust','first-edition','legal','','seed 001_6402d66a7a4065b1.txt §Deck Composition','The first-edition rules require at least one of every basic attack and defense.',NULL);
INSERT INTO legality VALUES('thrust','type-one','legal','','https://docslib.org/doc/4885903/highlander-type',NULL,'(research rules-notes-2.md 2.5) Type One revises the first-edition rulebook and keeps its deck skeleton of fifteen basics.');
INSERT INTO legality VALUES('thrust','type-two','legal','2009','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck','Every Type Two deck must hold at least one of each of the fifteen basic attacks and blocks.',NULL);
INSERT INTO legality VALUES('upper-center-attack','first-edition','legal','','seed 001_6402d66a7a4065b1.txt §Deck Composition','The first-edition rules require at least one of every basic attack and defense.',NULL);
INSERT INTO legality VALUES('upper-center-attack','type-one','legal','','https://docslib.org/doc/4885903/highlander-type',NULL,'(research rules-notes-2.md 2.5) Type One revises the first-edition rulebook and keeps its deck skeleton of fifteen basics.');
INSERT INTO legality VALUES('upper-center-attack','type-two','legal','2009','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck','Every Type Two deck must hold at least one of each of the fifteen basic attacks and blocks.',NULL);
CREATE TABLE IF NOT EXISTS "fact_sources" (
   "card_id" TEXT REFERENCES "cards"("id"),
   "field" TEXT,
   "value" TEXT,
   "source" TEXT NOT NULL,
   "inferred" TEXT,
   PRIMARY KEY ("card_id", "field", "value", "source")
);
INSERT INTO fact_sources VALUES('9mm','hand_icons','1','http://www.oocities.org/gislef/highland/handbook_addendum.htm','The handbook entry writes 1H; reading it as one hand icon is an inference, the visible page does not define it.');
INSERT INTO fact_sources VALUES('9mm','restriction','2','http://www.oocities.org/gislef/highland/handbook_addendum.htm','The handbook entry writes S2; reading S2 as restricted to 2 is an inference, the visible page does not define it.');
INSERT INTO fact_sources VALUES('corda-and-reno','type','persona','http://www.watcherdatabase.tk/Articles/94.html',NULL);
INSERT INTO fact_sources VALUES('darius-event','formats','type-two','https://www.highlanderthecardgame.com/keywords','The glossary uses it as an example of a current Type Two keyword; it states no legality.');
INSERT INTO fact_sources VALUES('darius-event','sets','2E','https://www.highlanderthecardgame.com/keywords','The page names no set; 2nd Edition is read from the site, the current Type Two publisher''s glossary.');
INSERT INTO fact_sources VALUES('head-shot','sets','SE','http://www.watcherdatabase.tk/Articles/20.html','The review is dated 5 Nov 1995, before the Movie Edition shipped, and names no set; Series Edition is read from the date.');
INSERT INTO fact_sources VALUES('head-shot','type','event','http://www.watcherdatabase.tk/Articles/20.html',NULL);
INSERT INTO fact_sources VALUES('thrust','type','attack','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks); http://www.watcherdatabase.tk/Articles/71.html',NULL);
INSERT INTO fact_sources VALUES('thrust','unrestricted','true','http://www.watcherdatabase.tk/Articles/23.html','The review speaks of the six-copy limit on each basic attack; that the card carries no restriction number of its own is read from that general limit, not printed.');
INSERT INTO fact_sources VALUES('upper-center-attack','type','attack','seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks)',NULL);
INSERT INTO fact_sources VALUES('upper-center-attack','unrestricted','true','http://www.watcherdatabase.tk/Articles/23.html','The review speaks of the six-copy limit on each basic attack; that the card carries no restriction number of its own is read from that general limit, not printed.');
CREATE TABLE IF NOT EXISTS "fact_history" (
   "card_id" TEXT,
   "field" TEXT,
   "value" TEXT,
   "source" TEXT NOT NULL,
   "inferred" TEXT,
   "superseded" TEXT,
   PRIMARY KEY ("card_id", "field", "superseded", "value")
);
INSERT INTO fact_history VALUES('cat-and-mouse-draw','card','{"faction": [], "formats": [], "gem_agility": null, "gem_empathy": null, "gem_master": null, "gem_reason": null, "gem_strength": null, "gem_toughness": null, "hand_icons": null, "id": "cat-and-mouse-draw", "master_limit": null, "modifiers": [], "reserved": false, "restriction": null, "sets": ["WC"], "signature": false, "source": "http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html", "subtitle": "Draw", "text": "When played, count every Cat and Mouse in play (all players, this one included) and draw that many cards from your Endurance.", "title": "Cat and Mouse", "type": "plot", "unique": null, "unrestricted": false}','http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
INSERT INTO fact_history VALUES('cat-and-mouse-draw','sets','WC','http://www.oocities.org/gislef/cotw15.htm',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
INSERT INTO fact_history VALUES('cat-and-mouse-draw','subtitle','Draw','http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
INSERT INTO fact_history VALUES('cat-and-mouse-draw','text','When played, count every Cat and Mouse in play (all players, this one included) and draw that many cards from your Endurance.','http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
INSERT INTO fact_history VALUES('cat-and-mouse-draw','title','Cat and Mouse','http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
INSERT INTO fact_history VALUES('cat-and-mouse-draw','type','plot','http://www.oocities.org/gislef/cotw15.htm',NULL,'2026-12-06 removed by fixture: the schema 6 fixture keeps a removal');
CREATE TABLE IF NOT EXISTS "aliases" (
   "alias" TEXT PRIMARY KEY,
   "alias_norm" TEXT,
   "card_id" TEXT REFERENCES "cards"("id"),
   "source" TEXT
);
INSERT INTO aliases VALUES('Corda and Reno','corda and reno','corda-and-reno','http://www.watcherdatabase.tk/Articles/94.html; http://www.watcherdatabase.tk/Articles/98.html');
INSERT INTO aliases VALUES('Middle Center Attack','middle center attack','thrust','seed 001_6402d66a7a4065b1.txt §Basic Attack');
INSERT INTO aliases VALUES('Upper Middle Attack','upper middle attack','upper-center-attack','seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks)');
CREATE TABLE IF NOT EXISTS "modifiers" (
   "card_id" TEXT REFERENCES "cards"("id"),
   "position" INTEGER,
   "kind" TEXT,
   "params" TEXT,
   PRIMARY KEY ("card_id", "position")
);
INSERT INTO modifiers VALUES('darius-event',0,'allowance','{"count": 1}');
CREATE TABLE IF NOT EXISTS "_row_digests" (
   "table_name" TEXT,
   "key" TEXT,
   "sha256" TEXT,
   PRIMARY KEY ("table_name", "key")
);
INSERT INTO _row_digests VALUES('aliases','Corda and Reno','fb5d0a67b0d69442995e5d5f020a48f2228849ae3cca95892b024becc023c46e');
INSERT INTO _row_digests VALUES('aliases','Middle Center Attack','64734da6494ff2dc9a8c76feed0dceb9dda4aabf12ea9c8b2121b363984288bd');
INSERT INTO _row_digests VALUES('aliases','Upper Middle Attack','41e88ae34d813120fa8a11dbd9907552cca7c393a3697c46395fe4713d217fa0');
INSERT INTO _row_digests VALUES('cards','9mm','5224ae2ee41be9ff238873804e8926e9dda7224d393167aec4b854881af8b8db');
INSERT INTO _row_digests VALUES('cards','archaic-collection','8eaa984722f879078759e3f9f9c3c192142b3e8741c4eaa7e062bd030465c89b');
INSERT INTO _row_digests VALUES('cards','corda-and-reno','fbea54a1c952d216b3bb5f192d4f40b39f12068cf18511153cf4e14911023b09');
INSERT INTO _row_digests VALUES('cards','darius-event','11965c02e8e17b60744a199adc6d9884839d1a78063e62669c17848a4752ad2e');
INSERT INTO _row_digests VALUES('cards','head-shot','98d40ea649781667d4d0e6862a73712884968d5ae20541717598ebb891c6b8c9');
INSERT INTO _row_digests VALUES('cards','masters-block-ramirez','379cb120f5bf00dff5f8b09e47386334886e622d17b51abdd534efb10bf0b227');
INSERT INTO _row_digests VALUES('cards','thrust','f8be92f0029d74b17bfe60d120a1b805c8ec541e9a0ff97fe1d6c2e27dcb5d19');
INSERT INTO _row_digests VALUES('cards','upper-center-attack','1dc226eb4745371f78494968cebe361d36847de5c5f51eecc0fdaed92279d30b');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|card|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|{"faction": [], "formats": [], "gem_agility": null, "gem_empathy": null, "gem_master": null, "gem_reason": null, "gem_strength": null, "gem_toughness": null, "hand_icons": null, "id": "cat-and-mouse-draw", "master_limit": null, "modifiers": [], "reserved": false, "restriction": null, "sets": ["WC"], "signature": false, "source": "http://www.oocities.org/gislef/cotw15.htm; http://www.watcherdatabase.tk/Articles/76.html", "subtitle": "Draw", "text": "When played, count every Cat and Mouse in play (all players, this one included) and draw that many cards from your Endurance.", "title": "Cat and Mouse", "type": "plot", "unique": null, "unrestricted": false}','ac1c4e63f9458d9293ee3bbae21e4b9876c165ef4f66793ed621fb44157f395f');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|sets|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|WC','75e2d32940f9918dc84f766e52bb1967b8c429c54bc7fb321f567420d82a4f65');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|subtitle|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|Draw','c92ca6691bb69012853158b33f7ae4099fc3f4c02059153c84e2dfa3ccb8e665');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|text|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|When played, count every Cat and Mouse in play (all players, this one included) and draw that many cards from your Endurance.','81449c935009a2ed6c16027eaf5461a4e268db60ca1abae192477904c6b7e5ea');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|title|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|Cat and Mouse','43afb7c1a1c34e18dba346ba0785dfa15966822265aa90c0ccd324e933d69983');
INSERT INTO _row_digests VALUES('fact_history','cat-and-mouse-draw|type|2026-12-06 removed by fixture: the schema 6 fixture keeps a removal|plot','62c230aa9d0d96ac93d18ff688c091ad2a3ea681e7d845bf0e96cee6ce3493af');
INSERT INTO _row_digests VALUES('fact_sources','9mm|hand_icons|1|http://www.oocities.org/gislef/highland/handbook_addendum.htm','8873343381441549d7f2d39c684d1c061e0af730808d77acad47194c06db190d');
INSERT INTO _row_digests VALUES('fact_sources','9mm|restriction|2|http://www.oocities.org/gislef/highland/handbook_addendum.htm','dfc3ac750cc7abf5a5c949e7414585256f51df685207a212a44fe614a28d1b24');
INSERT INTO _row_digests VALUES('fact_sources','corda-and-reno|type|persona|http://www.watcherdatabase.tk/Articles/94.html','8326b9dd3bc3d581fc01e2bb3b627b722dbbde3d8721140b94a7d70d4c5f4235');
INSERT INTO _row_digests VALUES('fact_sources','darius-event|formats|type-two|https://www.highlanderthecardgame.com/keywords','6cc575255965b3caaf1aef9378ecb9d0596b84e582971e1a3157e4a116838b76');
INSERT INTO _row_digests VALUES('fact_sources','darius-event|sets|2E|https://www.highlanderthecardgame.com/keywords','2313bed6ccf0acbc95a6f540d2f3e478f30729f8f920cdf85e1cd10fbdeb5416');
INSERT INTO _row_digests VALUES('fact_sources','head-shot|sets|SE|http://www.watcherdatabase.tk/Articles/20.html','e4393438ce23b3beccfacc71f2e6bc74d68aa13c4b21965c5fa1ec76b4fdf0df');
INSERT INTO _row_digests VALUES('fact_sources','head-shot|type|event|http://www.watcherdatabase.tk/Articles/20.html','d7c177d365dcda0782eab8e52dd6c8886a6f071d04f2f32e438c45e0f4ed5ab4');
INSERT INTO _row_digests VALUES('fact_sources','thrust|type|attack|seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks); http://www.watcherdatabase.tk/Articles/71.html','b8c3c59b8f45f928df1cfaab489904977e25d3e9fb9f880850e6aee4f8a2fd86');
INSERT INTO _row_digests VALUES('fact_sources','thrust|unrestricted|true|http://www.watcherdatabase.tk/Articles/23.html','6388a64f5d145bd222b02a6bce98d1c8007fb40a01f257bb0e7767be2daa11a2');
INSERT INTO _row_digests VALUES('fact_sources','upper-center-attack|type|attack|seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks); seed 000_cf7f637c266933cb.txt §Deck Construction (Basic Attacks)','89f36e78d955912d9dd4ce9ac2f3343b3656cc401a7c9614bc8094533b2e45e5');
INSERT INTO _row_digests VALUES('fact_sources','upper-center-attack|unrestricted|true|http://www.watcherdatabase.tk/Articles/23.html','5a40a3707981a5e88322ca68df0e3eb8ec3439f030efb4d76a0d1e08c8e5bfd9');
INSERT INTO _row_digests VALUES('formats','first-edition','6aaeadcaef2a72e8664f8b1e1f9cfccd6ae300e58a3aadabb76737c75bf45221');
INSERT INTO _row_digests VALUES('formats','mle','5db89266f5fdb181f22b7ed5de76608b14adb976a9e9ab7e4764b19b7ada6683');
INSERT INTO _row_digests VALUES('formats','type-one','a23bca42b01309fed41d4b24a1d574683f2ee7445ac37bf3712cd428d74f4741');
INSERT INTO _row_digests VALUES('formats','type-two','a7af6857a44438d83c64e9a5b23cead546587f2508bc3eab5450da6a933ffa8d');
INSERT INTO _row_digests VALUES('legality','archaic-collection|first-edition|1998-01','43537ecb6d7a79c929092fbb36325d393b761e83411cc39ea28d20ac5a9269e7');
INSERT INTO _row_digests VALUES('legality','darius-event|type-two|','9076adea97d14441b76321b1dd966859885595f585773101737f57bb48436f97');
INSERT INTO _row_digests VALUES('legality','head-shot|type-two|2008-06-07','7f46f1af78fcebdc8fc68a5fa9eab77380228410c965f40d10efe78974fa7009');
INSERT INTO _row_digests VALUES('legality','head-shot|type-two|2009','b75bd4ff6db080f145cc25af4345726fb8ae6929f5b1c686d9403da8231f3dd3');
INSERT INTO _row_digests VALUES('legality','masters-block-ramirez|type-two|2008-06-07','c86895c72e9f974d6f6bc1070650590f8350f25fa33c90ef5bb96a8714a0530c');
INSERT INTO _row_digests VALUES('legality','thrust|first-edition|','309368f4f19e8a9128d501f071fbfcfaa8cbcae21f7fa95616e620b17c0bacc5');
INSERT INTO _row_digests VALUES('legality','thrust|type-one|','fbe90e49c399ad325cdeeb4ca2adeb7303834c51d9598af1094109f50663a8ee');
INSERT INTO _row_digests VALUES('legality','thrust|type-two|2009','21bda88f6c9282f1582d9395a0d39d121e4ae358894853938f93eb0639b08e1d');
INSERT INTO _row_digests VALUES('legality','upper-center-attack|first-edition|','b912fead8344df89b728311941718fecb929df2a6a1b5b21e310cb612d0a512a');
INSERT INTO _row_digests VALUES('legality','upper-center-attack|type-one|','ff0a7f9375840a2fcdcdb3cab03911049c27994d99d41757950c598e9bed24eb');
INSERT INTO _row_digests VALUES('legality','upper-center-attack|type-two|2009','c10df89c6ce2229b031bc593464d9085a05e33e5617bd00d1b022d3b16739ede');
INSERT INTO _row_digests VALUES('sets','1E','82148cf133f2a5e87dc5085776a85b475e166bc1e53bb1a72dd3c706400e0f86');
INSERT INTO _row_digests VALUES('sets','2E','140c460e2a16163ce49c655214a0515d8f470155c912eec89d57370b118854e0');
INSERT INTO _row_digests VALUES('sets','2E-4H','65250957314e84187cc4eba89bb8f6e66c3a0a2e4ae94da63331b936dd1fa562');
INSERT INTO _row_digests VALUES('sets','2E-B1','9fc97ff1edfe17521897072cd8aae473de84089b7836911688b485d594a8cff6');
INSERT INTO _row_digests VALUES('sets','2E-BX','5ef859f8e45e7d909944e171e2e347f6f18b0dd9167367af68670311db51b260');
INSERT INTO _row_digests VALUES('sets','2E-CvD','3172c7b6330aa66a083b332d7e744c001b667853db8e7df1b9ee9c55f574dfc0');
INSERT INTO _row_digests VALUES('sets','2E-LEG','13ff5c343b2d8daba05c1f064327e6af340468f0185accfb1c1cf4ec016215ec');
INSERT INTO _row_digests VALUES('sets','2E-P03','62edfc34de636464c5ed342cfecd84ea772455001a292619bc052980f562cb57');
INSERT INTO _row_digests VALUES('sets','2E-PGF14','eceac89ef797a50a29afb04362955613847c750e243e28219427abe3c944ca97');
INSERT INTO _row_digests VALUES('sets','2E-QK','303f8403031f681024d943814f5efc111493b7e87078e81e8dc8f138336374c6');
INSERT INTO _row_digests VALUES('sets','2E-RL1','407d26ff99c51783122a0683ccb6e8d21b395d475ed9af92f564327a9b38cef1');
INSERT INTO _row_digests VALUES('sets','2E-RVS01','399692cb33e1acee28737dfb4cfd8a978d367ab07cb9a00c48a67ea747d70df1');
INSERT INTO _row_digests VALUES('sets','2E-RVS02','e809dc53708a5e48ea1abac05c81db7b686e2a13ad37a9d8cde5e422bfbf6d16');
INSERT INTO _row_digests VALUES('sets','2E-RVS03','2a4c2749e0fa8d40ce6e771cb56ccb3d4f3de79b3c9e3b191616e27901c86e40');
INSERT INTO _row_digests VALUES('sets','2E-RVS04','a9b318b3a7fb743a3bfd23813ae45002dab9ccd7f9fa91dfd4bef16034232c5e');
INSERT INTO _row_digests VALUES('sets','2E-RVS05','f55a82a1ceba15ec783cc9eb9b420ceeed02e11c252d79f3bc6c0d4483c78a80');
INSERT INTO _row_digests VALUES('sets','2E-S1','d27af7de4480329427cd8c2ca4bd4b47efb5919d36db66fdcc51da6923139b25');
INSERT INTO _row_digests VALUES('sets','2E-S2','1f61d789f171a90344217f75ec4e40032e2d37f316f69f93078be09cb46d84ff');
INSERT INTO _row_digests VALUES('sets','2E-S3','798b128b627174144c169691d9edaad217c4589c4ee0afdb3a42f47b6001883b');
INSERT INTO _row_digests VALUES('sets','2E-S4','29023d01bcd2f117fb496fc0c1cae1a5b20278d46704c4063aa98cd9dce410d8');
INSERT INTO _row_digests VALUES('sets','2E-SFV','9d55ee030db35e05b7505e392e054e12c75f50b46dfb2ca0f77d706986bb394c');
INSERT INTO _row_digests VALUES('sets','2E-SS14','349529cc731dca36197f127ae016c5342aff7b140502fd867f827f7185a3b3f9');
INSERT INTO _row_digests VALUES('sets','2E-SS15','d40c7b28f56e9464f552b73e22fd21da1ed4255288d94df2ba1cbb49ff9262e8');
INSERT INTO _row_digests VALUES('sets','2E-TG','684f820edf3e62af4612cfa02ed51d46b02ed85f2e02ccb352e089b06d5a0b40');
INSERT INTO _row_digests VALUES('sets','2E-VS01','0f25d9b20185bf084bed092c777b58597e4261c75d28cb7c9830bf24de50ae29');
INSERT INTO _row_digests VALUES('sets','2E-VS02','3ef438c7e87b8fc6541aefaa59006b009ff8252ed0f4b28007ec1ef0187f6f12');
INSERT INTO _row_digests VALUES('sets','2E-VS03','a985b7c19f59132f20195277b11141b4c6ecdc1e6dcf8fae6e5fb71395296468');
INSERT INTO _row_digests VALUES('sets','3E','9d73aaca0774006f6ae7ede69243e9c8389cd69ee6db57af87a482075d9231a3');
INSERT INTO _row_digests VALUES('sets','4H','d59efd4f792266d8b4184a4c157c61987ec7471cbdd7558973d5fd6fbd399d1b');
INSERT INTO _row_digests VALUES('sets','AT','db8e6b35d9a0877895676ec3ce95306d52826fb651595cc5d0321cf9b1ff5846');
INSERT INTO _row_digests VALUES('sets','DC','be3571021db4749bd4d1f83d04f2267fd104b9593e5eb4c9da38218d89d924f6');
INSERT INTO _row_digests VALUES('sets','MC','31a428e1de27c686ee0a86382c7881d68de14c9d4debb4d1a5fccd637df74391');
INSERT INTO _row_digests VALUES('sets','ME','a15c242ab9d453026e52a318ffced678ba1e6b14b813398ea8229724d2c7c62c');
INSERT INTO _row_digests VALUES('sets','MLE','2bfef023b6ab1554e6f8c388085d1a7e6c555b15b6cfa8df930b9729adff450b');
INSERT INTO _row_digests VALUES('sets','MLE-DDC','26a7c1680f47d926f2b54d842c20027d6a2e8f287b0124618cebf667d0872683');
INSERT INTO _row_digests VALUES('sets','MLE-PROMO','dd7b54270b6b38176f4ab66ec5a3221c3f4d747f3bd0b2e60217a3323efd8221');
INSERT INTO _row_digests VALUES('sets','PROMO','64bd477250d414ed5a41227aaa33de8ed071b94c483d8dddbb46e156155bf7e0');
INSERT INTO _row_digests VALUES('sets','RE','bb52fb0e4ee2457a824e9b85c400987876ad95287d4142dd26ad1de434ae06ea');
INSERT INTO _row_digests VALUES('sets','SE','6ed24f746d23a88dbf11d6c884d32518bd3e95f43a8dd43a722c3bf4377d48db');
INSERT INTO _row_digests VALUES('sets','TG','c63059440d493c1dbbbf3cac29ac1a7c51295255e75d6634234d34a5e5cb4d6d');
INSERT INTO _row_digests VALUES('sets','TIN','8e905915607beebf8282a9f5d66cc66ad29190f2bc4ccbc4964b906354e5f445');
INSERT INTO _row_digests VALUES('sets','WC','413a67fdfe208ea13cfeb38f3763f266ae6485f71895acae90c0a82c915361be');
INSERT INTO _row_digests VALUES('tcboo_cards','Aggressive','5427b09065322a3696987983d7ed58ba67a9d8b8ee11b0d2a9c76a7d117151a2');
INSERT INTO _row_digests VALUES('tcboo_cards','Animal Reflexes','191d1d1cd726c675e94f1d9790b5ee6831d67a9de67dcf177a68ebc00f241585');
INSERT INTO _row_digests VALUES('tcboo_immortals','Conner MacLeod','2751e2c1725b52f5538f7a015c8fc56b25afb0095d77987e3f108d36034f4d54');
INSERT INTO _row_digests VALUES('tcboo_immortals','Ramirez','556c1eae477c73ad2713c9db404d85b22171ef757cfbb1271e5e36b6be413baa');
INSERT INTO _row_digests VALUES('tcboo_locations','Alleyway','6b16cf1483a89f97d600a61bd281f3395768a9e773b5c7505a2ab5c91d1c264f');
INSERT INTO _row_digests VALUES('tcboo_locations','Battlefield','57d8a0a56c8e2948a0fbd7fd46df02da7947b04b07677cc137c0cd08e0e9d892');
INSERT INTO _row_digests VALUES('tcboo_swords','Broadsword','1e0b3ac9b5cddb91bbd5de2af195497c7a490f3cb582413ddd07a43bd9c9769b');
INSERT INTO _row_digests VALUES('tcboo_swords','Claymore','4682bca5ec3a5d6d7cd2a3092519c6349fba51f06e043aa2b3a85e4fd7104a3f');
CREATE TABLE IF NOT EXISTS "_names" (
   "position" INTEGER PRIMARY KEY,
   "key" TEXT NOT NULL,
   "display" TEXT NOT NULL,
   "card_ids" TEXT NOT NULL
);
INSERT INTO _names VALUES(0,'9mm','9mm','9mm');
INSERT INTO _names VALUES(1,'9mm kinman','9mm: Kinman','9mm');
INSERT INTO _names VALUES(2,'archaic collection','Archaic Collection','archaic-collection');
INSERT INTO _names VALUES(3,'corda reno','Corda & Reno','corda-and-reno');
INSERT INTO _names VALUES(4,'darius','Darius','darius-event');
INSERT INTO _names VALUES(5,'head shot','Head Shot','head-shot');
INSERT INTO _names VALUES(6,'masters block','Master''s Block','masters-block-ramirez');
INSERT INTO _names VALUES(7,'masters block ramirez','Master''s Block: Ramirez','masters-block-ramirez');
INSERT INTO _names VALUES(8,'thrust','Thrust','thrust');
INSERT INTO _names VALUES(9,'upper center attack','Upper Center Attack','upper-center-attack');
INSERT INTO _names VALUES(10,'corda and reno','Corda and Reno','corda-and-reno');
INSERT INTO _names VALUES(11,'middle center attack','Middle Center Attack','thrust');
INSERT INTO _names VALUES(12,'upper middle attack','Upper Middle Attack','upper-center-attack');
CREATE TABLE IF NOT EXISTS "_name_list" (
   "keys" TEXT NOT NULL
);
INSERT INTO _name_list VALUES(replace('9mm\n9mm kinman\narchaic collection\ncorda reno\ndarius\nhead shot\nmasters block\nmasters block ramirez\nthrust\nupper center attack\ncorda and reno\nmiddle center attack\nupper middle attack','\n',char(10)));
CREATE TABLE IF NOT EXISTS "tcboo_cards" (
   "name" TEXT PRIMARY KEY,
   "type" TEXT,
   "force" INTEGER,
   "force_stat" TEXT,
   "decapitation" INTEGER,
   "interference" INTEGER,
   "opponent_discards" INTEGER,
   "next_attack" INTEGER,
   "next_defense" INTEGER,
   "opponent_next_attack" INTEGER,
   "opponent_next_defense" INTEGER,
   "state_attack" INTEGER,
   "state_defense" INTEGER,
   "negate_penalties" INTEGER,
   "draw" INTEGER,
   "heal" INTEGER,
   "look_at_hand" INTEGER,
   "notes" TEXT,
   "source" TEXT
);
INSERT INTO tcboo_cards VALUES('Aggressive','S',NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,2,-1,0,NULL,NULL,0,'+2A and -1D','seed 003_7a38ed839bb1dc19.txt §Common Deck Card List');
INSERT INTO tcboo_cards VALUES('Animal Reflexes','B',NULL,'reflexes',0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,NULL,NULL,0,NULL,'seed 003_7a38ed839bb1dc19.txt §Common Deck Card List');
CREATE TABLE IF NOT EXISTS "tcboo_immortals" (
   "name" TEXT PRIMARY KEY,
   "wits" INTEGER,
   "will" INTEGER,
   "courage" INTEGER,
   "strength" INTEGER,
   "skill" INTEGER,
   "reflexes" INTEGER,
   "agility" INTEGER,
   "endurance" INTEGER,
   "initiative" INTEGER,
   "experience" INTEGER,
   "judgement" INTEGER,
   "size" INTEGER,
   "source" TEXT
);
INSERT INTO tcboo_immortals VALUES('Conner MacLeod',8,9,9,8,8,9,9,8,7,7,8,8,'seed 003_7a38ed839bb1dc19.txt §Premade Immortals');
INSERT INTO tcboo_immortals VALUES('Ramirez',9,8,9,6,9,7,7,5,7,9,8,7,'seed 003_7a38ed839bb1dc19.txt §Premade Immortals');
CREATE TABLE IF NOT EXISTS "tcboo_swords" (
   "name" TEXT PRIMARY KEY,
   "sharpness" INTEGER,
   "impact" INTEGER,
   "speed" INTEGER,
   "guard" INTEGER,
   "length" INTEGER,
   "source" TEXT
);
INSERT INTO tcboo_swords VALUES('Broadsword',5,7,5,7,7,'seed 003_7a38ed839bb1dc19.txt §Swords');
INSERT INTO tcboo_swords VALUES('Claymore',4,8,4,6,8,'seed 003_7a38ed839bb1dc19.txt §Swords');
CREATE TABLE IF NOT EXISTS "tcboo_locations" (
   "name" TEXT PRIMARY KEY,
   "attack_force" INTEGER,
   "defense_force" INTEGER,
   "interference_force" INTEGER,
   "hand_size" INTEGER,
   "removes_interference" INTEGER,
   "effect" TEXT,
   "source" TEXT
);
INSERT INTO tcboo_locations VALUES('Alleyway',NULL,-1,NULL,NULL,0,'Every defense has 1 less Force.','seed 003_7a38ed839bb1dc19.txt §Locations');
INSERT INTO tcboo_locations VALUES('Battlefield',NULL,NULL,2,NULL,0,'Interference cards have 2 more Force.','seed 003_7a38ed839bb1dc19.txt §Locations');
CREATE TABLE IF NOT EXISTS 'cards_fts_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO cards_fts_data VALUES(1,X'080f028141');
INSERT INTO cards_fts_data VALUES(10,X'000000000101010001010101');
INSERT INTO cards_fts_data VALUES(137438953473,X'0000061c02303101060102250201680106010239010132010601023f0103396d6d010802010222010161010801021016040601020702046c696173030601022e03076c6f77616e6365040601020202016e0206010204010601022d010601020c0106010203030164010a010217230a020c010209060e1403060102070206726368616963020202030165010601023a030601020f02017301080102231b020601020f020174070601020c010601020703047461636b010a0102160a0c0406010205020601020301080401020307017301060102090105626173696301060102080606010202010601020202046c6f636b0602040401770506010208010363616e050601020a04036e6f74030601021f03027264040601020a020601020c03047375616c03060102370205656e746572070601020701020302096f6c6c656374696f6e02020303056e6a757265030601021b0303726461030c0201020824110106646172697573040202020365636b0406010204030601020a010601020502086966666572656e74060601020503067361726d6564010601023201046561636801060102210303726c79020601020502046e7472790106010235020376656e010601022904027279070601020901060102040107666f6c6c6f777303060102320203726f6d010801020a17010867726f756e6465640306010224010468616e64010a01020c22180504626f6f6b0106010234020365616405080201020f03027265030601022f010469636f6e0106010243050173010601022d02056d61676573060601020603066d6f7274616c040601020d02016e010601022e0305636c75646504060102060302746f05060102060201730306010225020174010601020e01046b65726e030601020c020368616e030601020e0205696c6c6572030601023803046e6d616e010601010201056c65617374070601020d0106010208030367616c020601020906026c79030601022001066d6173746572060202030179010601021b03060102050205656e74616c030601020402056964646c65070601020601056e616d65730306010207020465656473070601020b01060102060203696e65010601020702016f01080102150503016e04060102080301740206010208020601021001076f626a65637473020601020301080102180c020166040601020b02016e010601020f0206010215030165010801021d260306010207020601020b010601020e0106010209020770706f6e656e74050601020d02017201060102300202757403060102260107706572736f6e61030801020216080173030601021202036c6179010a0102140a1502060102210502656401060102030503696e67040601021102046f696e740106010226020672696e7465640606010202020275740106010204010772616d6972657a060601010203046e67656401060102270203656164010601023b03066379636c6573020601020203026c79030601021403026e6f030c0301020a24100306706f72746572030601023403087374726963746564010601023d030476696577030a010206181b070173030601022801017301060102360206010236020601020e01020302013201060102370203616d65060601020903027973030601021d0203686f74050203020869676e61747572650406010209020670656369616c010601021906036669630306010217020571756172650706010208010474616b65050601020b0203657874060601020a0203686174030601021302060102090301650106010233020e010203190f0b050106010203010601020c01060102080106010205040273650306010210040179030601021e030372656503060102110403757374070202020469746c65030601023102016f01080102063a0606010204020375726e010601021105017305060102020202776f010601022b05060102040105756e646572010801020d15020170010601020503037065720506010204030202010776657273696f6e020601020601047761726403060102050301730206010207020368656e0108010202120303696c65010601023102060102230203697468010601022a020601020b030601020302047269746503060102290103796f75010801021309030601020e040172010601020b040808080b0e0b0e17170b0d0e0d1d081609080a0a0e0b0f0e0c0d0b140f0d0b0a0b0a0e0e0b0f0d0b0b090b080c0d080c0908080b0a0c0b110a090b0d0c0c0c100a09080d14080d1d0e08090f0811090a0b0d090e0b0a0d090c0d0f0d0815080a09080f0d0a0c0b0a0f2509080a080b0e0a080e0d080d0e0b080b0f140b10');
CREATE TABLE IF NOT EXISTS 'cards_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO cards_fts_idx VALUES(1,X'',2);
CREATE TABLE IF NOT EXISTS 'cards_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO cards_fts_docsize VALUES(1,X'010142');
INSERT INTO cards_fts_docsize VALUES(2,X'020008');
INSERT INTO cards_fts_docsize VALUES(3,X'020039');
INSERT INTO cards_fts_docsize VALUES(4,X'010010');
INSERT INTO cards_fts_docsize VALUES(5,X'02000e');
INSERT INTO cards_fts_docsize VALUES(6,X'03010b');
INSERT INTO cards_fts_docsize VALUES(7,X'01000d');
INSERT INTO cards_fts_docsize VALUES(8,X'030008');
CREATE TABLE IF NOT EXISTS 'cards_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO cards_fts_config VALUES('version',4);
PRAGMA writable_schema=ON;
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','cards_fts','cards_fts',0,'CREATE VIRTUAL TABLE "cards_fts" USING FTS5 (
    "title", "subtitle", "text",
    content="cards"
)');
CREATE INDEX "idx_cards_title_norm"
    ON "cards" ("title_norm");
CREATE INDEX "idx_cards_name_norm"
    ON "cards" ("name_norm");
CREATE INDEX "idx_cards_subtitle_norm"
    ON "cards" ("subtitle_norm");
CREATE INDEX "idx_cards_type_id"
    ON "cards" ("type", "id");
CREATE INDEX "idx_fact_history_card_id"
    ON "fact_history" ("card_id");
CREATE INDEX "idx_aliases_alias_norm"
    ON "aliases" ("alias_norm");
CREATE UNIQUE INDEX "idx__names_key"
    ON "_names" ("key");
CREATE VIEW "card_legality" AS SELECT legality.card_id, cards.title, cards.subtitle, legality.format, formats.title AS format_title, legality.status, legality.date, legality.source, legality.note, legality.inferred
FROM legality JOIN cards ON cards.id = legality.card_id JOIN formats ON formats.name = legality.format
ORDER BY legality.card_id, legality.format, legality.date;
CREATE VIEW "card_facts" AS SELECT f.card_id, f.title, f.field, f.value, coalesce(s.source, f.source) AS source, CASE WHEN s.source IS NULL THEN 'card' ELSE 'fact' END AS source_scope, coalesce(s.inferred, '') AS inferred FROM (
  SELECT id AS card_id, title, 'type' AS field, type AS value, source FROM cards WHERE type IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'restriction' AS field, CAST(restriction AS TEXT) AS value, source FROM cards WHERE restriction IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'hand_icons' AS field, CAST(hand_icons AS TEXT) AS value, source FROM cards WHERE hand_icons IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_master' AS field, CAST(gem_master AS TEXT) AS value, source FROM cards WHERE gem_master IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_agility' AS field, CAST(gem_agility AS TEXT) AS value, source FROM cards WHERE gem_agility IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_strength' AS field, CAST(gem_strength AS TEXT) AS value, source FROM cards WHERE gem_strength IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_toughness' AS field, CAST(gem_toughness AS TEXT) AS value, source FROM cards WHERE gem_toughness IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_empathy' AS field, CAST(gem_empathy AS TEXT) AS value, source FROM cards WHERE gem_empathy IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'gem_reason' AS field, CAST(gem_reason AS TEXT) AS value, source FROM cards WHERE gem_reason IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'master_limit' AS field, CAST(master_limit AS TEXT) AS value, source FROM cards WHERE master_limit IS NOT NULL
  UNION ALL SELECT id AS card_id, title, 'unrestricted' AS field, 'true' AS value, source FROM cards WHERE unrestricted = 1
  UNION ALL SELECT id AS card_id, title, 'reserved' AS field, 'true' AS value, source FROM cards WHERE reserved = 1
  UNION ALL SELECT id AS card_id, title, 'signature' AS field, 'true' AS value, source FROM cards WHERE signature = 1
  UNION ALL SELECT id AS card_id, title, 'unique' AS field, CASE "unique" WHEN 1 THEN 'true' ELSE 'false' END AS value, source FROM cards WHERE "unique" IS NOT NULL
  UNION ALL SELECT cards.id, cards.title, 'sets', each.value, cards.source FROM cards, json_each(cards.sets) AS each
  UNION ALL SELECT cards.id, cards.title, 'formats', each.value, cards.source FROM cards, json_each(cards.formats) AS each
  UNION ALL SELECT cards.id, cards.title, 'faction', each.value, cards.source FROM cards, json_each(cards.faction) AS each
  UNION ALL SELECT cards.id, cards.title, 'modifiers', each.value, cards.source FROM cards, json_each(cards.modifiers) AS each
) AS f LEFT JOIN fact_sources AS s ON s.card_id = f.card_id AND s.field = f.field AND (coalesce(s.value, '') = '' OR s.value = f.value)
ORDER BY f.card_id, f.field, f.value;
CREATE TRIGGER "cards_ai" AFTER INSERT ON "cards" BEGIN
  INSERT INTO "cards_fts" (rowid, "title", "subtitle", "text") VALUES (new.rowid, new."title", new."subtitle", new."text");
END;
CREATE TRIGGER "cards_ad" AFTER DELETE ON "cards" BEGIN
  INSERT INTO "cards_fts" ("cards_fts", rowid, "title", "subtitle", "text") VALUES('delete', old.rowid, old."title", old."subtitle", old."text");
END;
CREATE TRIGGER "cards_au" AFTER UPDATE ON "cards" BEGIN
  INSERT INTO "cards_fts" ("cards_fts", rowid, "title", "subtitle", "text") VALUES('delete', old.rowid, old."title", old."subtitle", old."text");
  INSERT INTO "cards_fts" (rowid, "title", "subtitle", "text") VALUES (new.rowid, new."title", new."subtitle", new."text");
END;
PRAGMA writable_schema=OFF;
COMMIT;
