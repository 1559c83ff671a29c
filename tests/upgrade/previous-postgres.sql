--
-- PostgreSQL database dump
--

\restrict LLsJ21eOD5K7skbB3kPRSaUSEVtv8dTEpfCinWdBJazH44nx5bab0r8DitLhweP

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: _sqlx_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public._sqlx_migrations (
    version bigint NOT NULL,
    description text NOT NULL,
    installed_on timestamp with time zone DEFAULT now() NOT NULL,
    success boolean NOT NULL,
    checksum bytea NOT NULL,
    execution_time bigint NOT NULL
);


--
-- Name: admin_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_actions (
    id text NOT NULL,
    admin_id text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    detail text NOT NULL,
    at bigint NOT NULL
);


--
-- Name: alive; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alive (
    id integer NOT NULL,
    at bigint NOT NULL
);


--
-- Name: challenge_blocks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.challenge_blocks (
    member_id text NOT NULL,
    blocked_id text NOT NULL,
    created bigint NOT NULL
);


--
-- Name: challenges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.challenges (
    id text NOT NULL,
    from_member text NOT NULL,
    to_member text,
    to_name text NOT NULL,
    rules text NOT NULL,
    clock text NOT NULL,
    color text NOT NULL,
    rated bigint NOT NULL,
    state text NOT NULL,
    game_id text,
    created bigint NOT NULL,
    expires bigint NOT NULL
);


--
-- Name: chat_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chat_messages (
    id text NOT NULL,
    game_id text NOT NULL,
    room text NOT NULL,
    author_id text NOT NULL,
    text text NOT NULL,
    at bigint NOT NULL,
    hidden bigint NOT NULL
);


--
-- Name: chat_mutes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chat_mutes (
    member_id text NOT NULL,
    muted_id text NOT NULL,
    at bigint NOT NULL
);


--
-- Name: chat_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chat_reports (
    id text NOT NULL,
    message_id text NOT NULL,
    reporter_id text NOT NULL,
    reason text NOT NULL,
    at bigint NOT NULL,
    outcome text
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id text NOT NULL,
    rules text NOT NULL,
    fen text NOT NULL,
    clock text NOT NULL,
    red_name text,
    red_token text,
    blue_name text,
    blue_token text,
    status text NOT NULL,
    winner text,
    reason text,
    offer_kind text,
    offer_by text,
    rematch text,
    red_left bigint NOT NULL,
    blue_left bigint NOT NULL,
    since bigint NOT NULL,
    ply bigint NOT NULL,
    version bigint NOT NULL,
    created bigint NOT NULL,
    updated bigint NOT NULL,
    creator text,
    rated bigint DEFAULT 0 NOT NULL,
    uncounted text
);


--
-- Name: invites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invites (
    digest text NOT NULL,
    made_by text NOT NULL,
    expires bigint NOT NULL
);


--
-- Name: member_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_devices (
    digest text NOT NULL,
    member_id text NOT NULL,
    expires bigint NOT NULL
);


--
-- Name: member_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_games (
    game_id text NOT NULL,
    color text NOT NULL,
    member_id text,
    rated bigint NOT NULL,
    taken_at bigint
);


--
-- Name: member_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_sessions (
    digest text NOT NULL,
    member_id text NOT NULL,
    expires bigint NOT NULL
);


--
-- Name: member_suspensions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_suspensions (
    id text NOT NULL,
    member_id text NOT NULL,
    reason text NOT NULL,
    since bigint NOT NULL,
    ends bigint,
    lifted bigint,
    by_id text NOT NULL
);


--
-- Name: members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.members (
    id text NOT NULL,
    name text NOT NULL,
    name_key text NOT NULL,
    password text NOT NULL,
    admin bigint NOT NULL,
    created bigint NOT NULL
);


--
-- Name: moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moves (
    game_id text NOT NULL,
    ply bigint NOT NULL,
    mv text NOT NULL,
    at bigint NOT NULL
);


--
-- Name: pairing_queue; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pairing_queue (
    member_id text NOT NULL,
    rules text NOT NULL,
    clock text NOT NULL,
    rating double precision NOT NULL,
    since bigint NOT NULL,
    seen bigint NOT NULL,
    game_id text,
    color text
);


--
-- Name: passkey_ceremonies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkey_ceremonies (
    digest text NOT NULL,
    kind text NOT NULL,
    state text NOT NULL,
    member_id text,
    name text,
    invite text,
    expires bigint NOT NULL
);


--
-- Name: passkeys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkeys (
    id text NOT NULL,
    member_id text NOT NULL,
    user_handle text NOT NULL,
    passkey text NOT NULL,
    created bigint NOT NULL,
    used bigint NOT NULL
);


--
-- Name: rating_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_history (
    member_id text NOT NULL,
    game_id text NOT NULL,
    rules text NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    at bigint NOT NULL,
    category text DEFAULT 'rapid'::text NOT NULL
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    member_id text NOT NULL,
    rules text NOT NULL,
    category text NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    games bigint NOT NULL
);


--
-- Name: tournament_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tournament_log (
    tournament_id text NOT NULL,
    at bigint NOT NULL,
    member_id text NOT NULL,
    action text NOT NULL,
    detail text NOT NULL
);


--
-- Name: tournament_pairings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tournament_pairings (
    tournament_id text NOT NULL,
    round bigint NOT NULL,
    board bigint NOT NULL,
    red bigint NOT NULL,
    blue bigint,
    result text,
    game_id text,
    paired_at bigint DEFAULT 0 NOT NULL
);


--
-- Name: tournament_players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tournament_players (
    tournament_id text NOT NULL,
    number bigint NOT NULL,
    member_id text NOT NULL,
    rating bigint NOT NULL,
    joined_round bigint NOT NULL,
    withdrawn bigint NOT NULL
);


--
-- Name: tournaments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tournaments (
    id text NOT NULL,
    name text NOT NULL,
    format text NOT NULL,
    rounds bigint NOT NULL,
    rules text NOT NULL,
    rated bigint NOT NULL,
    bye_quarters bigint NOT NULL,
    late_quarters bigint NOT NULL,
    state text NOT NULL,
    round bigint NOT NULL,
    created_by text NOT NULL,
    created bigint NOT NULL,
    clock text DEFAULT 'none'::text NOT NULL,
    no_show_ms bigint DEFAULT 180000 NOT NULL,
    starts_at bigint,
    minutes bigint DEFAULT 0 NOT NULL,
    ends_at bigint,
    paused bigint DEFAULT 0 NOT NULL
);


--
-- Data for Name: _sqlx_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public._sqlx_migrations (version, description, installed_on, success, checksum, execution_time) FROM stdin;
20261123000001	games	2026-11-29 05:16:23.853302+00	t	\\x7bc53de49882ec8663cc5f14b07a35535b8fddcd8fbb1fee76e928171c0a2b2c00be0bfc68d607563509b95ec62a4448	62718735
20261126000001	alive	2026-11-29 05:16:23.923908+00	t	\\x444a66ccc545caec5db7095c258a971f533ac52e148403a52732a7d0f255f715b16a76bc8fb70b8956cc77cf4bf81137	8052878
20261126000002	lobby	2026-11-29 05:16:23.935728+00	t	\\xd9e503b16ef45ca2414493babb548ceee3187587c2fe62fb5d872ab393576df11bb149f03794fd4d50ed128d35d1c164	16968848
20261127000001	members	2026-11-29 05:16:23.955718+00	t	\\x505295c7deb46657405b11a411e4a615a225b173fb0b19cc9bbb899dfc619ba2eecc9ca8c5d4ae1a1e0f06f829943959	121350937
20261127000002	tournaments	2026-11-29 05:16:24.079732+00	t	\\x3b08d55f07d130fc28aca988fb2db3b20d4177283e8647d6b6a6ca9c2c43d9dd4b8695bb4c8520296bdfdaf519a6dfd2	72015631
20261127120000	seat taken	2026-11-29 05:16:24.163697+00	t	\\xa09bff776f9d97a6777a037e264a4d62fda1ac8b725974e7355ae5211da2d7e999b556c170cd32539a24e9f22d672096	4247412
20261128000001	rated	2026-11-29 05:16:24.171809+00	t	\\x2f7a8a5c24585871890315d223044e83550b2f0bafc4306f18a088211e4f061f53cfca07246a9d03de6f508aeec80cad	3914938
20261129000001	chat	2026-11-29 05:16:24.184027+00	t	\\x54f9b5fde81219d657380ef33bd4ea0f3244b473fc32ff5ea1938d8f44f407cf3187a330ac041d82fcf994ca0d27c66c	103797021
20261129000010	rating categories	2026-11-29 05:16:24.295919+00	t	\\x96053e964f27b5edaa3c92ed133b193cb013238250b0ffdf1a68b1914e93ea0f99c2852a6e90df639e01a91d0484a80f	20006130
20261129000011	challenges	2026-11-29 05:16:24.32391+00	t	\\x0c0ee5d7ac8da9b813312a59af61df3184891a8b342cf947cb893670f333c7e550b7fc115d39ed042203b30fae1fd4f7	72528983
20261129000020	tournament games	2026-11-29 05:16:24.407946+00	t	\\x50b077776f2a7955e56853930d490e4bfc5360888e4bd63c7a3177818fb662f3988a9bdb6795d72d70b0073552f1343e	13227157
20261129000040	passkeys	2026-11-29 05:16:24.435943+00	t	\\x21f1f2313b6d94362dc4e6152cbcfd01af5d3df2f95c50dfe505242f39772fe7ec9713b8cb25bbb5516b57b1d9bd5692	19932021
20261130000001	devices	2026-11-29 05:16:24.463868+00	t	\\x3b8cacbd6990a3c2890139ed16e4cdc5c342a4bebb9916b530a95ef5e716ceb4112e93d44e8b136c965c43fa7c71e792	11892483
20261130003306	challenge inbox	2026-11-29 05:16:24.483888+00	t	\\x6f0d66410bc7990b97b5a0c16262c4efb4783719ea3f88cde56b118c94fe78d021a7ca6b0bf4686059077304a62e3de4	23836273
20261201033003	uncounted	2026-11-29 05:16:24.511711+00	t	\\x867c7fc900a07f2e26e71f0d9f95801d075b3a53ccff99a75d75618853a99433778424851078a3eb13485ac1bb8d8f89	3972273
\.


--
-- Data for Name: admin_actions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.admin_actions (id, admin_id, action, target, detail, at) FROM stdin;
\.


--
-- Data for Name: alive; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alive (id, at) FROM stdin;
1	1795929392083
\.


--
-- Data for Name: challenge_blocks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.challenge_blocks (member_id, blocked_id, created) FROM stdin;
\.


--
-- Data for Name: challenges; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.challenges (id, from_member, to_member, to_name, rules, clock, color, rated, state, game_id, created, expires) FROM stdin;
\.


--
-- Data for Name: chat_messages; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.chat_messages (id, game_id, room, author_id, text, at, hidden) FROM stdin;
rq5w44gxacz4	5rq8tqqyz4di	players	2n4ebcc74ejm	well played	1795929391274	0
\.


--
-- Data for Name: chat_mutes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.chat_mutes (member_id, muted_id, at) FROM stdin;
\.


--
-- Data for Name: chat_reports; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.chat_reports (id, message_id, reporter_id, reason, at, outcome) FROM stdin;
\.


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games (id, rules, fen, clock, red_name, red_token, blue_name, blue_token, status, winner, reason, offer_kind, offer_by, rematch, red_left, blue_left, since, ply, version, created, updated, creator, rated, uncounted) FROM stdin;
5rq8tqqyz4di		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Ben	fe2d21236549535928ffbbe0ba78895a863e0fc579420e41a7d14f40c81f85ed	Cid	a592edb790f20f92fd442c18f6688fa5f7604b667857c4e4b2b39ae40888953b	over	red	den	\N	\N	\N	0	0	1795929391269	17	18	1795929391059	1795929391269	4d183690f333c2d472939e673d265c59662b50eb391e798f6aa3c9cc45d397cf	1	\N
5tuf3aiyw9rt		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Dee	0da11b8df2e0cd9e537ee63b9d1c9b005447671ae8a6c40a6bc3a80bf669cdf5	Eve	baf0ee7d7cb92246564d8278aa17b4f329d07af3234adff5a01f3b38f3f3a294	over	red	resignation	\N	\N	\N	0	0	1795929391429	6	8	1795929391289	1795929391433	98c17d4968f6c42d8849b6360de5346fc260f6ec1265c5f29c9993d5d585aad1	1	\N
ibv3y2sxcq57		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Player	50004bfc6d71370aa7788930ae26ebc17e000c26220783492d8c74fce71e094b	Guest	96f523632396a5cb10370d0096d6a01e4032f970a3b7216c59a62c5a4a5e4372	over	red	resignation	\N	\N	\N	0	0	1795929391535	4	6	1795929391456	1795929391543	2a953dcf00fe0df4fcdb1c9566606cfec176ec1b5c67cc93aa86c9804fc7add4	0	\N
88mn9r9dt54u		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	live:600+5	Ana	69a9d18ce1692089d3811b4748493e9581b91d18aae514f476423164fc8f9c6a	Eve	1e0565dfcc48f6d0a069e54275b01e08476952390b73e28007b39c6268cfa8ff	playing	\N	\N	\N	\N	\N	604991	600000	1795929391649	3	4	1795929391552	1795929391649	f0bcc67da13d38c2ec6b0af86ac6c3fe27be070699c624354795aadd058b0851	0	\N
eb82r5nuwgh2		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	\N	\N	Cid	eba76d683c27a0d71a584c06216c0fcf6b872acc05eb9088c40ca847dad0f550	open	\N	\N	\N	\N	\N	0	0	1795929391665	0	0	1795929391665	1795929391665	ce9f3d286faed430f9440cd6c08e4fdf2e882acd8952d1c413fb65356bef24ba	0	\N
jcn7rs8sqcbe		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Ben	c7b55ff647303d93a092ee8444aa999215124d9a912fd65afcebd7337797c7f9	Cid	dea7c35906f6820b5c76ea25a06941c0ee99f36dff2788d191f18caa036b6b35	over	red	resignation	\N	\N	\N	0	0	1795929391877	2	3	1795929391836	1795929391890	\N	1	\N
3vhn3v892trd		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Eve	156734fe6efdff88c61f3af6937a062f451dfc9599e396fa9c1edb816e6f40ee	Dee	c317c10ce91e290bec785a60fb9aa18583c6665394b388f83e43ca80a69a70bd	over	red	resignation	\N	\N	\N	0	0	1795929391945	2	3	1795929391836	1795929391957	\N	1	\N
snbyyph7bgw9		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Eve	71091ddb55b69ea0a807f7c9e92a91ecb55682136561ed1c5a8b767992d12377	Ben	a0e5ad1e1ee03841f5dc3822852758eafca6e4b22f585135da2c11e82786b29e	playing	\N	\N	\N	\N	\N	0	0	1795929392258	2	2	1795929392088	1795929392263	\N	1	\N
zzdzzrhzu254		l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w	none	Dee	41c892b4612f9c21a8455c18e69952d12cb601c7eee81708be611fd44f73a8c4	Cid	e8930a05105073b149453d66239d8745c5b8cc012a098dc9271d3c3d71da8c32	playing	\N	\N	\N	\N	\N	0	0	1795929392333	2	2	1795929392088	1795929392334	\N	1	\N
\.


--
-- Data for Name: invites; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.invites (digest, made_by, expires) FROM stdin;
\.


--
-- Data for Name: member_devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.member_devices (digest, member_id, expires) FROM stdin;
d7579e0d4d829accffc14c16abff94461b521cf13da0898f8409b7a19317f5d9	vj4umqjv8khi	1827465386675
c025ff93c2bf24ecb897b961ec1a393e4e230f35f2274a61d698188559bb71a7	2n4ebcc74ejm	1827465387808
3432c632d5b7da654d8216f43aa1bc4206bb2f93c9a27f66e166e00326986d85	twdqdx99m3qv	1827465388827
9ae8b3deb9bfe406116583e658e7d57af57cb4c7eed03c3139be820c354c0315	qqs8d4ctwtqh	1827465389821
cd6e9472318d1fe6585fd28adfa7e9bf15d9f1ea544184494f68880ca42c9f2d	75524e4hrp6a	1827465390975
\.


--
-- Data for Name: member_games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.member_games (game_id, color, member_id, rated, taken_at) FROM stdin;
88mn9r9dt54u	red	vj4umqjv8khi	0	1795929391592
5rq8tqqyz4di	red	2n4ebcc74ejm	1	1795929391114
5rq8tqqyz4di	blue	twdqdx99m3qv	1	1795929391139
5tuf3aiyw9rt	red	qqs8d4ctwtqh	1	1795929391345
5tuf3aiyw9rt	blue	75524e4hrp6a	1	1795929391361
88mn9r9dt54u	blue	75524e4hrp6a	0	1795929391620
eb82r5nuwgh2	blue	twdqdx99m3qv	0	\N
jcn7rs8sqcbe	red	2n4ebcc74ejm	0	1795929391852
jcn7rs8sqcbe	blue	twdqdx99m3qv	0	1795929391858
3vhn3v892trd	red	75524e4hrp6a	0	1795929391902
3vhn3v892trd	blue	qqs8d4ctwtqh	0	1795929391927
snbyyph7bgw9	red	75524e4hrp6a	0	1795929392198
snbyyph7bgw9	blue	2n4ebcc74ejm	0	1795929392222
zzdzzrhzu254	red	qqs8d4ctwtqh	0	1795929392286
zzdzzrhzu254	blue	twdqdx99m3qv	0	1795929392304
\.


--
-- Data for Name: member_sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.member_sessions (digest, member_id, expires) FROM stdin;
d85e2d7fcdc17a1b98daed668730df25c0b245c4ff42cfd2e08b37adf7b651dc	vj4umqjv8khi	1798521386652
9f5c5ba84c04cfbac543fc2eeae7a9f72cc1ba8475abce7f433e29ea9683073d	2n4ebcc74ejm	1798521387794
03dc62fc93adfd2cc424fc11b3e2a4144af18d94f260ee3a093202588181260a	twdqdx99m3qv	1798521388826
ff1c716c5ce8a979c0f8bef8c5e286263eb2c5ca881fe4d6503d11bb330e1999	qqs8d4ctwtqh	1798521389806
17fc53ef7b8a231793f943a557e6602025507f7ff48197eb22628005d1313704	75524e4hrp6a	1798521390958
\.


--
-- Data for Name: member_suspensions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.member_suspensions (id, member_id, reason, since, ends, lifted, by_id) FROM stdin;
\.


--
-- Data for Name: members; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.members (id, name, name_key, password, admin, created) FROM stdin;
2n4ebcc74ejm	Ben	ben	$argon2id$v=19$m=19456,t=2,p=1$+QKNvUMjqrB1j6ktm+6pqw$y3+z+trfdVmizEzM0RcvuuZS6Vm9W04hdhTH4aygMI0	0	1795929387787
twdqdx99m3qv	Cid	cid	$argon2id$v=19$m=19456,t=2,p=1$bBnEodReFYV6TO2Jij/+kw$MFOGHzX/RTHMMzsE00PXZMvVLP8EmwCFq/v/OHBcZFU	0	1795929388823
qqs8d4ctwtqh	Dee	dee	$argon2id$v=19$m=19456,t=2,p=1$6UCnO+umxglWCMQv95/BlQ$S19rmcHi/C/Lmjw459NM+0O6eveF1HwFiuGAqZagfA4	0	1795929389804
75524e4hrp6a	Eve	eve	$argon2id$v=19$m=19456,t=2,p=1$jwfQpp+BwAcZpE6oqtovqw$gUHi5rs7wqYOuxOZNOyPxYI31g95ycnVToUnNetJRJc	0	1795929390956
vj4umqjv8khi	Ana	ana	$argon2id$v=19$m=19456,t=2,p=1$5JyUrwfBTkqGYtgxWSoUOg$t06kRt25nlfJfUsaA4lUAYdXWMPClzlVbVrVSheXCu0	1	1795929386629
\.


--
-- Data for Name: moves; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.moves (game_id, ply, mv, at) FROM stdin;
5rq8tqqyz4di	0	b2c2	1795929391144
5rq8tqqyz4di	1	a9a8	1795929391162
5rq8tqqyz4di	2	c2d2	1795929391173
5rq8tqqyz4di	3	a8a9	1795929391181
5rq8tqqyz4di	4	d2d3	1795929391189
5rq8tqqyz4di	5	a9a8	1795929391197
5rq8tqqyz4di	6	d3d4	1795929391204
5rq8tqqyz4di	7	a8a9	1795929391209
5rq8tqqyz4di	8	d4d5	1795929391213
5rq8tqqyz4di	9	a9a8	1795929391221
5rq8tqqyz4di	10	d5d6	1795929391227
5rq8tqqyz4di	11	a8a9	1795929391233
5rq8tqqyz4di	12	d6d7	1795929391240
5rq8tqqyz4di	13	a9a8	1795929391244
5rq8tqqyz4di	14	d7d8	1795929391254
5rq8tqqyz4di	15	a8a9	1795929391261
5rq8tqqyz4di	16	d8d9	1795929391269
5tuf3aiyw9rt	0	b2c2	1795929391372
5tuf3aiyw9rt	1	a9a8	1795929391381
5tuf3aiyw9rt	2	c2d2	1795929391384
5tuf3aiyw9rt	3	a8a9	1795929391400
5tuf3aiyw9rt	4	d2d3	1795929391413
5tuf3aiyw9rt	5	a9a8	1795929391429
ibv3y2sxcq57	0	b2c2	1795929391501
ibv3y2sxcq57	1	a9a8	1795929391516
ibv3y2sxcq57	2	c2d2	1795929391533
ibv3y2sxcq57	3	a8a9	1795929391535
88mn9r9dt54u	0	b2c2	1795929391633
88mn9r9dt54u	1	a9a8	1795929391640
88mn9r9dt54u	2	c2d2	1795929391649
jcn7rs8sqcbe	0	b2c2	1795929391873
jcn7rs8sqcbe	1	a9a8	1795929391877
3vhn3v892trd	0	b2c2	1795929391939
3vhn3v892trd	1	a9a8	1795929391945
snbyyph7bgw9	0	b2c2	1795929392243
snbyyph7bgw9	1	a9a8	1795929392258
zzdzzrhzu254	0	b2c2	1795929392321
zzdzzrhzu254	1	a9a8	1795929392333
\.


--
-- Data for Name: pairing_queue; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.pairing_queue (member_id, rules, clock, rating, since, seen, game_id, color) FROM stdin;
\.


--
-- Data for Name: passkey_ceremonies; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.passkey_ceremonies (digest, kind, state, member_id, name, invite, expires) FROM stdin;
\.


--
-- Data for Name: passkeys; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.passkeys (id, member_id, user_handle, passkey, created, used) FROM stdin;
\.


--
-- Data for Name: rating_history; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.rating_history (member_id, game_id, rules, rating, deviation, volatility, at, category) FROM stdin;
2n4ebcc74ejm	5rq8tqqyz4di		1662.3108939062977	290.31896371798047	0.05999967537233814	1795929391595	correspondence
twdqdx99m3qv	5rq8tqqyz4di		1337.6891060937023	290.31896371798047	0.05999967537233814	1795929391605	correspondence
qqs8d4ctwtqh	5tuf3aiyw9rt		1662.3108939062977	290.31896371798047	0.05999967537233814	1795929391620	correspondence
75524e4hrp6a	5tuf3aiyw9rt		1337.6891060937023	290.31896371798047	0.05999967537233814	1795929391621	correspondence
\.


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.ratings (member_id, rules, category, rating, deviation, volatility, games) FROM stdin;
2n4ebcc74ejm		correspondence	1662.3108939062977	290.31896371798047	0.05999967537233814	1
twdqdx99m3qv		correspondence	1337.6891060937023	290.31896371798047	0.05999967537233814	1
qqs8d4ctwtqh		correspondence	1662.3108939062977	290.31896371798047	0.05999967537233814	1
75524e4hrp6a		correspondence	1337.6891060937023	290.31896371798047	0.05999967537233814	1
\.


--
-- Data for Name: tournament_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tournament_log (tournament_id, at, member_id, action, detail) FROM stdin;
3dq476kksqws	1795929391761	vj4umqjv8khi	created	swiss
3dq476kksqws	1795929391780	2n4ebcc74ejm	registered	
3dq476kksqws	1795929391791	twdqdx99m3qv	registered	
3dq476kksqws	1795929391807	qqs8d4ctwtqh	registered	
3dq476kksqws	1795929391824	75524e4hrp6a	registered	
3dq476kksqws	1795929391830	vj4umqjv8khi	started	
3dq476kksqws	1795929391838	vj4umqjv8khi	paired	round 1
3dq476kksqws	1795929392096		paired	round 2
\.


--
-- Data for Name: tournament_pairings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tournament_pairings (tournament_id, round, board, red, blue, result, game_id, paired_at) FROM stdin;
3dq476kksqws	1	1	1	2	red	jcn7rs8sqcbe	1795929391836
3dq476kksqws	1	2	4	3	red	3vhn3v892trd	1795929391836
3dq476kksqws	2	1	4	1	\N	snbyyph7bgw9	1795929392088
3dq476kksqws	2	2	3	2	\N	zzdzzrhzu254	1795929392088
\.


--
-- Data for Name: tournament_players; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tournament_players (tournament_id, number, member_id, rating, joined_round, withdrawn) FROM stdin;
3dq476kksqws	1	2n4ebcc74ejm	1662	0	0
3dq476kksqws	2	twdqdx99m3qv	1338	0	0
3dq476kksqws	3	qqs8d4ctwtqh	1662	0	0
3dq476kksqws	4	75524e4hrp6a	1338	0	0
\.


--
-- Data for Name: tournaments; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tournaments (id, name, format, rounds, rules, rated, bye_quarters, late_quarters, state, round, created_by, created, clock, no_show_ms, starts_at, minutes, ends_at, paused) FROM stdin;
3dq476kksqws	Autumn Swiss	swiss	2		1	4	0	running	2	vj4umqjv8khi	1795929391760	none	180000	\N	0	\N	0
\.


--
-- Name: _sqlx_migrations _sqlx_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public._sqlx_migrations
    ADD CONSTRAINT _sqlx_migrations_pkey PRIMARY KEY (version);


--
-- Name: admin_actions admin_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_actions
    ADD CONSTRAINT admin_actions_pkey PRIMARY KEY (id);


--
-- Name: alive alive_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alive
    ADD CONSTRAINT alive_pkey PRIMARY KEY (id);


--
-- Name: challenge_blocks challenge_blocks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.challenge_blocks
    ADD CONSTRAINT challenge_blocks_pkey PRIMARY KEY (member_id, blocked_id);


--
-- Name: challenges challenges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.challenges
    ADD CONSTRAINT challenges_pkey PRIMARY KEY (id);


--
-- Name: chat_messages chat_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_messages
    ADD CONSTRAINT chat_messages_pkey PRIMARY KEY (id);


--
-- Name: chat_mutes chat_mutes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_mutes
    ADD CONSTRAINT chat_mutes_pkey PRIMARY KEY (member_id, muted_id);


--
-- Name: chat_reports chat_reports_message_id_reporter_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_reports
    ADD CONSTRAINT chat_reports_message_id_reporter_id_key UNIQUE (message_id, reporter_id);


--
-- Name: chat_reports chat_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_reports
    ADD CONSTRAINT chat_reports_pkey PRIMARY KEY (id);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: invites invites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invites
    ADD CONSTRAINT invites_pkey PRIMARY KEY (digest);


--
-- Name: member_devices member_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_devices
    ADD CONSTRAINT member_devices_pkey PRIMARY KEY (digest);


--
-- Name: member_games member_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_games
    ADD CONSTRAINT member_games_pkey PRIMARY KEY (game_id, color);


--
-- Name: member_sessions member_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_sessions
    ADD CONSTRAINT member_sessions_pkey PRIMARY KEY (digest);


--
-- Name: member_suspensions member_suspensions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_suspensions
    ADD CONSTRAINT member_suspensions_pkey PRIMARY KEY (id);


--
-- Name: members members_name_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_name_key_key UNIQUE (name_key);


--
-- Name: members members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (id);


--
-- Name: moves moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (game_id, ply);


--
-- Name: pairing_queue pairing_queue_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pairing_queue
    ADD CONSTRAINT pairing_queue_pkey PRIMARY KEY (member_id);


--
-- Name: passkey_ceremonies passkey_ceremonies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_ceremonies
    ADD CONSTRAINT passkey_ceremonies_pkey PRIMARY KEY (digest);


--
-- Name: passkeys passkeys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_pkey PRIMARY KEY (id);


--
-- Name: rating_history rating_history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_history
    ADD CONSTRAINT rating_history_pkey PRIMARY KEY (member_id, game_id);


--
-- Name: ratings ratings_by_category_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_by_category_pkey PRIMARY KEY (member_id, rules, category);


--
-- Name: tournament_pairings tournament_pairings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_pairings
    ADD CONSTRAINT tournament_pairings_pkey PRIMARY KEY (tournament_id, round, board);


--
-- Name: tournament_players tournament_players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_players
    ADD CONSTRAINT tournament_players_pkey PRIMARY KEY (tournament_id, number);


--
-- Name: tournament_players tournament_players_tournament_id_member_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_players
    ADD CONSTRAINT tournament_players_tournament_id_member_id_key UNIQUE (tournament_id, member_id);


--
-- Name: tournaments tournaments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournaments
    ADD CONSTRAINT tournaments_pkey PRIMARY KEY (id);


--
-- Name: challenges_between; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX challenges_between ON public.challenges USING btree (from_member, to_member);


--
-- Name: challenges_from; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX challenges_from ON public.challenges USING btree (from_member, created);


--
-- Name: challenges_one_open; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX challenges_one_open ON public.challenges USING btree (from_member, lower(to_name)) WHERE (state = 'open'::text);


--
-- Name: challenges_to; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX challenges_to ON public.challenges USING btree (to_member, state);


--
-- Name: chat_messages_by_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chat_messages_by_game ON public.chat_messages USING btree (game_id, room, at);


--
-- Name: chat_reports_open; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chat_reports_open ON public.chat_reports USING btree (outcome, at);


--
-- Name: games_by_creator; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_creator ON public.games USING btree (creator, status);


--
-- Name: games_by_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_status ON public.games USING btree (status, updated);


--
-- Name: member_devices_by_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_devices_by_member ON public.member_devices USING btree (member_id);


--
-- Name: member_games_by_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_games_by_member ON public.member_games USING btree (member_id);


--
-- Name: member_games_to_rate; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_games_to_rate ON public.member_games USING btree (rated, game_id);


--
-- Name: member_sessions_by_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_sessions_by_member ON public.member_sessions USING btree (member_id);


--
-- Name: member_suspensions_by_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_suspensions_by_member ON public.member_suspensions USING btree (member_id);


--
-- Name: pairing_queue_waiting; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pairing_queue_waiting ON public.pairing_queue USING btree (rules, clock, game_id);


--
-- Name: passkey_ceremonies_by_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkey_ceremonies_by_expiry ON public.passkey_ceremonies USING btree (expires);


--
-- Name: passkeys_by_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkeys_by_member ON public.passkeys USING btree (member_id);


--
-- Name: tournament_log_by_tournament; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tournament_log_by_tournament ON public.tournament_log USING btree (tournament_id, at);


--
-- Name: tournament_pairings_by_game; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX tournament_pairings_by_game ON public.tournament_pairings USING btree (game_id);


--
-- Name: tournaments_by_state; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tournaments_by_state ON public.tournaments USING btree (state);


--
-- Name: chat_reports chat_reports_message_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_reports
    ADD CONSTRAINT chat_reports_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.chat_messages(id);


--
-- Name: member_devices member_devices_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_devices
    ADD CONSTRAINT member_devices_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: member_sessions member_sessions_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_sessions
    ADD CONSTRAINT member_sessions_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: moves moves_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id);


--
-- Name: passkeys passkeys_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: rating_history rating_history_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_history
    ADD CONSTRAINT rating_history_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: ratings ratings_by_category_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_by_category_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: tournament_log tournament_log_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_log
    ADD CONSTRAINT tournament_log_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id);


--
-- Name: tournament_pairings tournament_pairings_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_pairings
    ADD CONSTRAINT tournament_pairings_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id);


--
-- Name: tournament_players tournament_players_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_players
    ADD CONSTRAINT tournament_players_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


--
-- Name: tournament_players tournament_players_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament_players
    ADD CONSTRAINT tournament_players_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id);


--
-- Name: tournaments tournaments_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournaments
    ADD CONSTRAINT tournaments_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.members(id);


--
-- PostgreSQL database dump complete
--

\unrestrict LLsJ21eOD5K7skbB3kPRSaUSEVtv8dTEpfCinWdBJazH44nx5bab0r8DitLhweP

