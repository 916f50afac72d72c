import { access, context, sideEffect, type FieldArgs, type Step } from 'postgraphile/grafast';
import { extendSchema, gql } from 'postgraphile/utils';
import type { CreateUserInput, ProfileInput } from '../../auth/service.ts';
import type { AccessClaims } from '../../auth/tokens.ts';
import { Errors } from '../../errors.ts';
import type { LedgerlineContext } from '../context.ts';

function signedIn(ledgerline: LedgerlineContext): AccessClaims {
  if (!ledgerline.claims) throw Errors.notSignedIn();
  return ledgerline.claims;
}

type Input = Record<string, unknown>;

/**
 * The authentication and user-administration mutations of SPEC §7, implemented in the server
 * (they need password hashing and token signing).
 */
export const AuthPlugin = extendSchema((build) => {
  const users = build.input.pgRegistry.pgResources.users!;
  const userOf = ($payload: Step) => users.get({ id: access($payload, 'userId') });
  const run = (
    args: FieldArgs,
    action: (ledgerline: LedgerlineContext, input: Input) => Promise<unknown>,
  ) =>
    sideEffect([args.getRaw('input'), context()], ([input, ctx]) =>
      action(ctx.ledgerline, (input ?? {}) as Input),
    );

  return {
    typeDefs: gql`
      """
      Tokens of a signed-in session (SPEC §7). expiresIn is the access token's lifetime in seconds.
      """
      type AuthTokens {
        accessToken: String!
        expiresIn: Int!
        refreshToken: String!
      }
      input LoginInput {
        username: String!
        password: String!
      }
      input RefreshAccessInput {
        refreshToken: String!
      }
      input SwitchAccountInput {
        accountId: UUID!
      }
      input ChangePasswordInput {
        oldPassword: String!
        newPassword: String!
      }
      """
      Omitted first or last names keep their values; additionalName and avatarFileId change whenever given (null clears).
      """
      input UpdateProfileInput {
        firstName: String
        lastName: String
        additionalName: String
        avatarFileId: UUID
      }
      input AdminChangePasswordInput {
        userId: UUID!
        password: String!
      }
      input SetUserActiveInput {
        userId: UUID!
        isActive: Boolean!
      }
      input CreateUserInput {
        username: String!
        password: String!
        firstName: String!
        lastName: String!
        additionalName: String
        """
        The role of the user's first account, which becomes their main account.
        """
        roleId: UUID!
        """
        Name of the first account; the role's name when omitted.
        """
        accountName: String
      }
      type UserPayload {
        userId: UUID!
        user: User
      }
      type SuccessPayload {
        success: Boolean!
      }
      extend type Mutation {
        """
        Signs in with username and password.
        """
        login(input: LoginInput!): AuthTokens!
        """
        Exchanges a refresh token for new tokens; the old refresh token stops working.
        """
        refreshAccess(input: RefreshAccessInput!): AuthTokens!
        """
        New tokens for another account of the signed-in user.
        """
        switchAccount(input: SwitchAccountInput!): AuthTokens!
        """
        Ends the current sign-in: its refresh tokens stop working.
        """
        logout: SuccessPayload!
        """
        Changes the signed-in user's password; the current one must be given.
        """
        changePassword(input: ChangePasswordInput!): SuccessPayload!
        """
        Updates the signed-in user's names and avatar.
        """
        updateProfile(input: UpdateProfileInput!): UserPayload!
        """
        Sets another user's password (admin:user).
        """
        adminChangePassword(input: AdminChangePasswordInput!): SuccessPayload!
        """
        Activates or deactivates a user (admin:user). A deactivated user cannot sign in.
        """
        setUserActive(input: SetUserActiveInput!): UserPayload!
        """
        Creates a user with a password and a main account of the given role (admin:user).
        """
        createUser(input: CreateUserInput!): UserPayload!
      }
    `,
    objects: {
      UserPayload: {
        plans: {
          user($payload) {
            return userOf($payload);
          },
        },
      },
      Mutation: {
        plans: {
          login(_$root, args) {
            return run(args, (l, input) =>
              l.auth.login(String(input.username), String(input.password), l.clientAddress),
            );
          },
          refreshAccess(_$root, args) {
            return run(args, (l, input) => l.auth.refresh(String(input.refreshToken)));
          },
          switchAccount(_$root, args) {
            return run(args, (l, input) =>
              l.auth.switchAccount(signedIn(l), String(input.accountId)),
            );
          },
          logout() {
            return sideEffect(context(), async (ctx) => {
              await ctx.ledgerline.auth.logout(signedIn(ctx.ledgerline));
              return { success: true };
            });
          },
          changePassword(_$root, args) {
            return run(args, async (l, input) => {
              await l.auth.changePassword(
                signedIn(l),
                String(input.oldPassword),
                String(input.newPassword),
              );
              return { success: true };
            });
          },
          updateProfile(_$root, args) {
            return run(args, async (l, input) => ({
              userId: await l.auth.updateProfile(signedIn(l), input as ProfileInput),
            }));
          },
          adminChangePassword(_$root, args) {
            return run(args, async (l, input) => {
              await l.auth.adminChangePassword(
                signedIn(l),
                String(input.userId),
                String(input.password),
              );
              return { success: true };
            });
          },
          setUserActive(_$root, args) {
            return run(args, async (l, input) => {
              await l.auth.setUserActive(
                signedIn(l),
                String(input.userId),
                input.isActive === true,
              );
              return { userId: input.userId };
            });
          },
          createUser(_$root, args) {
            return run(args, async (l, input) => ({
              userId: await l.auth.createUser(signedIn(l), input as unknown as CreateUserInput),
            }));
          },
        },
      },
    },
  };
});
